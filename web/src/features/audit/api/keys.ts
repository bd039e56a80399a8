import type { AuditListParams } from "../audit-params";

/** Query keys of the audit feature: invalidating `all` refreshes the list and the admins. */
export const auditKeys = {
  all: ["audit"] as const,
  list: (params: AuditListParams) => [...auditKeys.all, "list", params] as const,
  admins: () => [...auditKeys.all, "admins"] as const,
};
