import type { passwordUpdateSchema } from "@pli/api/contract";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api, ok } from "@/shared/api/http";

/** Changes the signed-in admin's password (password and password2; the server checks both). */
export const updatePassword = (input: z.output<typeof passwordUpdateSchema>) => ok(api.admin.update.$post({ json: input }));

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
