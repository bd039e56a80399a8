import { randomBytes } from "node:crypto";
import { addressSchema, checkSafeEnv, safeEnvFields } from "@pli/abis";
import { z } from "zod";
import { cronEveryMinutes } from "./scheduler/cron.ts";

const port = z.coerce.number().int().min(1).max(65535);
const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .url()
    .refine(
      (value) => URL.canParse(value) && protocols.includes(new URL(value).protocol),
      `must start with ${protocols.join(" or ")}//`,
    );

/** Each variable on its own (the migrate and restore commands read only the database variables they need). */
export const configFields = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("production"),
  API_PORT: port.default(8787),
  API_HOST: z.string().default("127.0.0.1"),
  /** The API's runtime role (docs/running.md, "Database roles"): owns no table, so never the owner's or a superuser's URL. */
  DATABASE_URL: url(["postgres:", "postgresql:"]),
  /** The owner role, which migrates, installs pg-boss and restores: read by those commands only, never by the API. */
  DATABASE_OWNER_URL: url(["postgres:", "postgresql:"]),
  RPC_URL: url(["http:", "https:"]),
  WS_URL: url(["ws:", "wss:"]).optional(),
  CHAIN_ID: z.coerce.number().int().positive(),
  PLI_TOKEN_ADDRESS: addressSchema,
  STAKING_ADDRESS: addressSchema,
  FARM_ADDRESS: addressSchema,
  /** The PLI/USD price feed (standard aggregator interface); unset, no USD figure is shown anywhere. */
  PRICE_FEED_ADDRESS: addressSchema.optional(),
  /** A latest round older than this is stale: shown as stale, never as the current price. */
  PRICE_FEED_MAX_AGE_HOURS: z.coerce.number().positive().max(8760).default(24),
  /** The Safe that owns the contracts: every admin chain action becomes a proposal to it (README, "Safe mode"). */
  ...safeEnvFields.shape,
  EXPLORER_TX_URL: z.string().url().default("https://explorer.xinfin.network/txs/"),
  EXPLORER_ADDRESS_URL: z.string().url().default("https://explorer.xinfin.network/address/"),
  WEB_DIST_DIR: z.string().min(1).optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 86400)
    .default(86400),
  PUBLIC_URL: url(["http:", "https:"]).default("http://localhost:5173"),
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  MAIL_FROM: z.string().min(3).default("PLI Validator Portal <no-reply@localhost>"),
  OUTBOX_DIR: z.string().min(1).default(".data/outbox"),
  UPLOAD_DIR: z.string().min(1).default(".data/uploads"),
  VALIDATOR_CHECK_URL: url(["http:", "https:"]).optional(),
  VALIDATOR_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  NODE_PROBE_PORT: port.default(6688),
  NODE_PROBE_PATH: z
    .string()
    .regex(/^\/[\x21-\x7e]*$/, "must be a path starting with /")
    .default("/"),
  NODE_PROBE_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .refine(
      (minutes) => cronEveryMinutes(minutes) !== null,
      "must divide an hour or a day evenly (1, 5, 15, 30, 60, 120, ...)",
    )
    .default(15),
  NODE_PROBE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  NODE_PRIVATE_IPS: z.enum(["true", "false"]).optional(),
  /** How long a tax report waits on a client that stopped reading before it ends the answer and frees its cursor. */
  TAX_REPORT_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Telegram's Bot API, where Telegram webhooks post (tests point it at a local receiver). */
  WEBHOOK_TELEGRAM_API_URL: url(["http:", "https:"]).default("https://api.telegram.org"),
  /** The AES-256-GCM key of webhook secrets and bot tokens at rest, 64 hex characters; required in production. */
  WEBHOOK_SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hex characters (openssl rand -hex 32)")
    .optional(),
  SCHEDULER_ENABLED: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  /** Seconds between this deployment's checks for due schedules (pg-boss's cron monitor accepts 1 to 45). */
  SCHEDULER_CHECK_SECONDS: z.coerce.number().int().min(1).max(45).default(30),
  /** The `analyst` database role's password, applied by whatever migrates; unset or empty, the role cannot log in. */
  ANALYST_PASSWORD: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().min(16, "must be at least 16 characters").optional(),
  ),
  /**
   * The analysts' streaming replica as the API's own role (docs/analysts.md, "On a replica"): the API reads only its
   * replication lag there, for the metrics and the readiness answer; the portal never reads or writes it.
   */
  ANALYST_REPLICA_URL: url(["postgres:", "postgresql:"]).optional(),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  /** How many blocks the indexer may trail the chain head while the API answers ready (GET /api/health/ready). */
  READY_MAX_LAG_BLOCKS: z.coerce.number().int().min(0).default(30),
  /**
   * How many blocks must follow a stake unlock or an incentive payout before its operator is mailed and told by webhook:
   * an alert is never sent for a block a reorg may still take back. XDC commits a block once about three follow it
   * (XDPoS 2.0); a local anvil that mines only on transactions needs 0.
   */
  CHAIN_ALERT_CONFIRMATIONS: z.coerce.number().int().min(0).max(10_000).default(3),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Readable lines (pino-pretty) instead of JSON; unset, only outside production and when stdout is a terminal. */
  LOG_PRETTY: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "true")),
  /** The Prometheus endpoint's own port (never the public API port); unset, no metrics are served. */
  METRICS_PORT: port.optional(),
  /** Where the metrics server listens: all interfaces by default, so Prometheus on the internal network reaches it. */
  METRICS_HOST: z.string().default("0.0.0.0"),
  /** When set, a scrape must send `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
});

const configSchema = configFields
  .omit({ DATABASE_OWNER_URL: true })
  .superRefine((env, ctx) => {
    checkSafeEnv(env, ctx);
    if (env.APP_ENV !== "development" && !env.JWT_SECRET)
      ctx.addIssue({ code: "custom", path: ["JWT_SECRET"], message: "is required outside development" });
    if (env.APP_ENV === "production" && !env.WEBHOOK_SECRET_KEY)
      ctx.addIssue({ code: "custom", path: ["WEBHOOK_SECRET_KEY"], message: "is required in production" });
    if (env.APP_ENV === "production" && !env.SMTP_URL)
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "is required in production" });
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.API_PORT)
      ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from API_PORT" });
  })
  .transform(({ NODE_PRIVATE_IPS, ...env }) => ({
    ...env,
    /** Whether a node may register a private or loopback IP address: by default only outside production. */
    NODE_PRIVATE_IPS: NODE_PRIVATE_IPS === undefined ? env.APP_ENV !== "production" : NODE_PRIVATE_IPS === "true",
  }));

export type Config = Readonly<z.infer<typeof configSchema> & { JWT_SECRET: string }>;

export class ConfigError extends Error {
  constructor(readonly problems: Record<string, string>) {
    super(
      `Invalid configuration:\n${Object.entries(problems)
        .map(([name, problem]) => `  ${name}: ${problem}`)
        .join("\n")}`,
    );
    this.name = "ConfigError";
  }
}

/**
 * Parses the API configuration once; throws a ConfigError naming every bad or missing variable. A
 * variable set to an empty value (`WS_URL=` in an env file) counts as unset.
 */
export function loadConfig(rawEnv: Record<string, string | undefined>): Config {
  const env = Object.fromEntries(
    Object.entries(rawEnv).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? "config");
      problems[name] ??= issue.code === "invalid_type" && env[name] === undefined ? "is required" : issue.message;
    }
    throw new ConfigError(problems);
  }
  const jwtSecret = parsed.data.JWT_SECRET ?? randomBytes(32).toString("hex");
  return Object.freeze({ ...parsed.data, JWT_SECRET: jwtSecret });
}
