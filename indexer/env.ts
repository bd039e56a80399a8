import { z } from "zod";
import { addressSchema, checkSafeEnv, safeEnvFields } from "@pli/abis";

/** Every variable the indexer reads; the configuration table in docs/running.md lists each. */
export const indexerEnvSchema = z.object({
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }),
  RPC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" }),
  WS_URL: z.url({ protocol: /^wss?$/, error: "must be a ws(s):// URL" }).optional(),
  CHAIN_ID: z.coerce.number().int().positive(),
  PLI_TOKEN_ADDRESS: addressSchema,
  STAKING_ADDRESS: addressSchema,
  FARM_ADDRESS: addressSchema,
  /** The PLI/USD price feed read at each payment and stake event's block; unset, no price is kept. */
  PRICE_FEED_ADDRESS: addressSchema.optional(),
  START_BLOCK: z.coerce.number().int().nonnegative(),
  /** The Safe the admins act through: its events are followed from SAFE_START_BLOCK. */
  ...safeEnvFields.shape,
});

export type IndexerEnv = Readonly<z.infer<typeof indexerEnvSchema>>;

/**
 * Parses the indexer's configuration from the environment (set by scripts/lib/indexer.ts or by hand).
 * Throws one error naming every missing or bad variable. Empty values count as missing.
 */
export function parseIndexerEnv(env: NodeJS.ProcessEnv): IndexerEnv {
  const raw = Object.fromEntries(Object.keys(indexerEnvSchema.shape).map((key) => [key, env[key] || undefined]));
  const result = indexerEnvSchema.superRefine(checkSafeEnv).safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}: ${raw[name] === undefined ? "is required" : issue.message}`;
    });
    throw new Error(`Invalid indexer configuration:\n${problems.join("\n")}`);
  }
  return Object.freeze(result.data);
}
