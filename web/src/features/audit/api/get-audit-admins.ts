import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/shared/api/http";
import { auditKeys } from "./keys";

export const getAuditAdmins = () => ok(api.audit.admins.$get());

export const auditAdminsQueryOptions = () => queryOptions({ queryKey: auditKeys.admins(), queryFn: getAuditAdmins });

/** Every admin by email, for the admin filter. */
export const useAuditAdmins = () => useQuery(auditAdminsQueryOptions());
