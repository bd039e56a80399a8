import { hasId, jsonStore } from "@/shared/session/json-store";
import { SIGNED_IN_RECORDS } from "@/shared/session/token-store";

/** Only the node's id travels in local storage; the page loads the node itself fresh from the API. */
export interface StoredNodeId {
  _id: string;
}

/** The operator's node being viewed or edited (`editnode`). */
export const editNodeStore = jsonStore<StoredNodeId>(() => localStorage, SIGNED_IN_RECORDS.editNode, hasId);

/** The node an admin reviews (`editnodesetting`, spec section 2). */
export const adminEditNodeStore = jsonStore<StoredNodeId>(() => localStorage, SIGNED_IN_RECORDS.adminEditNode, hasId);
