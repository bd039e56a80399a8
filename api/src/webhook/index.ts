/** The webhook feature's public entry: other features, and the tools outside the API (as @pli/api/webhook), import only what it lists. */
export { deliverPendingWebhooks } from "./delivery.ts";
export {
  incentivePaidMessage,
  jobStatusMessage,
  nodeDownMessage,
  nodeStatusMessage,
  nodeUpMessage,
  stakeUnlockedMessage,
} from "./events.ts";
export { recordWebhookMessage } from "./repository.ts";
