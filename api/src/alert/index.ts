/** The alert feature's public entry: other features, and the tools outside the API (as @pli/api/alert), import only what it lists. */
export {
  recordInactiveDayAlerts,
  recordIncentivePaidAlerts,
  recordJobStatusAlert,
  recordNodeHealthAlerts,
  recordNodeStatusAlert,
} from "./events.ts";
export { adminDigestJob } from "./jobs.ts";
export { alertMail } from "./mails.ts";
export { ALERT_KIND } from "./rules.ts";
export { scanPayouts, scanUnlocks } from "./chain-scan.ts";
