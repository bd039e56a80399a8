/**
 * The metrics endpoint, served on METRICS_PORT only: it is not part of the public API (nor of its contract), so the
 * public port answers its path with a 404.
 */
export const METRICS_PATH = "/metrics";

export const METRICS_MESSAGES = {
  unauthorized: "Send the metrics token as a bearer token (METRICS_TOKEN)",
  notFound: `The metrics are at ${METRICS_PATH}`,
} as const;
