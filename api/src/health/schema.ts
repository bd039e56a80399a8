import { z } from "zod";
import { featureContract } from "../public-contract/feature.ts";

/**
 * `health` is the readiness answer under its first, documented path; `healthLive` says only that the
 * process answers; `healthReady` says whether it can serve the portal truthfully.
 */
export const HEALTH_PATHS = {
  health: "/api/health",
  healthLive: "/api/health/live",
  healthReady: "/api/health/ready",
} as const;

export const livenessSchema = z.object({ status: z.literal("ok") });

/**
 * The analysts' replica, reported only when ANALYST_REPLICA_URL is set; its lag never makes the API unready (the
 * portal reads and writes the primary only). ok: it answers and is a standby in recovery.
 */
export const replicaHealthSchema = z.object({
  ok: z.boolean(),
  lagBytes: z.number().nullable(),
  lagSeconds: z.number().nullable(),
});
export type ReplicaHealth = z.infer<typeof replicaHealthSchema>;

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ ok: z.boolean() }),
  /** `endpoint`: what the start's probe found the chain's endpoint to be (null until it could be reached). */
  chain: z.object({
    ok: z.boolean(),
    chainId: z.number(),
    head: z.number().nullable(),
    endpoint: z
      .object({
        chainId: z.number(),
        addressPrefix: z.enum(["0x", "xdc"]),
        feeMethods: z.object({ feeHistory: z.boolean(), maxPriorityFeePerGas: z.boolean() }),
        baseFeeGwei: z.string().nullable(),
        gasPriceGwei: z.string(),
        logRange: z.object({
          accepted: z.number().nullable(),
          refused: z.number().nullable(),
          message: z.string().nullable(),
        }),
      })
      .nullable(),
  }),
  /** ok: the indexed block is known and trails the chain head by at most `maxLag` blocks. */
  indexer: z.object({ ok: z.boolean(), block: z.number().nullable(), lag: z.number().nullable(), maxLag: z.number() }),
  /** ok: every migration this version knows is applied; `pending` counts the others (all of them when unknown). */
  migrations: z.object({ ok: z.boolean(), pending: z.number() }),
  replica: replicaHealthSchema.optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const HEALTH_CONTRACT = featureContract(HEALTH_PATHS);
