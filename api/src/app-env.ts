import type { PublicClient } from "viem";
import type { ActiveSession } from "./auth/middleware.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/database.ts";
import type { AppError } from "./shared/errors.ts";
import type { LiveHub } from "./live/hub.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { RequestCounter } from "./metrics/http.ts";
import type { Log } from "./shared/logger.ts";
import type { ValidatorCheck } from "./validator-check/validator-check.ts";
import type { WebhookQueue } from "./webhook/delivery.ts";
import type { WebhookReach } from "./webhook/guard.ts";

/** What every route can reach through `c.get("deps")`. */
export interface Deps {
  config: Config;
  db: Db;
  chain: PublicClient;
  log: Log;
  mailer: Mailer;
  validatorCheck: ValidatorCheck;
  /** This instance's open live streams (fed by the indexer's notifications). */
  live: LiveHub;
  /** Wakes the sending of recorded mails and webhook events (api/src/handlers.ts), after a route recorded some. */
  mailQueue: { wake(): void };
  /** Where webhooks may post (checked when one is added), and the wake of their delivery after a route recorded one. */
  /** How webhooks are reached and woken, and the key their secrets are sealed with (webhook/secret-box.ts). */
  webhooks: { reach: WebhookReach; queue: WebhookQueue; secretKey: Buffer };
  /** The analysts' replica (ANALYST_REPLICA_URL), read only for its replication lag (health/replica.ts). */
  analystReplica?: Db;
  /** Counts each request for the metrics (metrics/server.ts), when this instance serves them. */
  requestMetrics?: RequestCounter;
}

export interface AppEnv {
  /** `readOnly`: the route only read (a POST list), so its request does not empty the answer cache. */
  Variables: { deps: Deps; requestId: string; session?: ActiveSession; sessionError?: AppError; readOnly?: boolean };
}
