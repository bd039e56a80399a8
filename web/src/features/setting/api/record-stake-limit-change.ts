import type { TransactionReceipt } from "viem";
import { api, HttpError, ok } from "@/shared/api/http";

/**
 * An `indexed` check for the settings page's limit transactions: records the change as made through
 * the portal, which the API accepts once it has indexed the change (404 until then, so the flow asks
 * again). A change never recorded is listed to admins as not made through the portal.
 */
export async function recordStakeLimitChange(receipt: TransactionReceipt): Promise<boolean> {
  try {
    await ok(api.setting["stake-limits"].$post({ json: { tnxHash: receipt.transactionHash } }));
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return false;
    throw error;
  }
}
