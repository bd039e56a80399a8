/** The node-monitor feature's public entry: other features, and the tools outside the API (as @pli/api/node-monitor), import only what it lists. */
export { monitorAnswers } from "./answers.ts";
export {
  markInactiveDays,
  NODE_MONITOR_JOB,
  probeDayInactive,
  type ProbeSettings,
  recordChecks,
  runProbeRound,
  utcDay,
} from "./monitor.ts";
