import type { RpcUrlResponse } from "@pli/api/public-contract";
import { hasId, jsonStore } from "@/shared/session/json-store";
import { SIGNED_IN_RECORDS } from "@/shared/session/token-store";

/** The record being edited travels in local storage under `editrpc` (spec section 2). */
export const editRpcStore = jsonStore<RpcUrlResponse>(() => localStorage, SIGNED_IN_RECORDS.editRpc, hasId);
