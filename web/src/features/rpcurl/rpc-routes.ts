import { routes } from "@/shared/config/routes";

/** The RPC pages exist for operators and for admins; each variant links within its own frame. */
export const RPC_ROUTES = {
  user: { list: routes.listRpc, add: routes.addRpc, edit: routes.editRpc },
  admin: { list: routes.adminListRpc, add: routes.adminAddRpc, edit: routes.adminEditRpc },
} as const;

export type RpcVariant = keyof typeof RPC_ROUTES;
