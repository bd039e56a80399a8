import type { adminLoginSchema } from "@pli/api/public-contract";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api, ok } from "@/shared/api/http";

/** Email and password; the answer holds the registration detail for the emailed-code step. */
export const adminLogin = (input: z.output<typeof adminLoginSchema>) => ok(api.admin.login.$post({ json: input }));

export const useAdminLogin = () => useMutation({ mutationFn: adminLogin });
