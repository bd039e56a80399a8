import { hintedOnceIndexed } from "@/chain/indexed-block";
import { api, ok } from "@/shared/api/http";

/**
 * An `indexed` check for the settings page's limit transactions: records the change as made through the portal. A
 * change never recorded is listed to admins as not made through the portal.
 */
export const recordStakeLimitChange = hintedOnceIndexed((tnxHash) =>
  ok(api.setting["stake-limits"].$post({ json: { tnxHash } })),
);
