import { z } from "zod";
import { featureContract } from "../public-contract/feature.ts";

export const HEALTH_PATH = "/api/health";

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ ok: z.boolean() }),
  chain: z.object({ ok: z.boolean(), chainId: z.number(), head: z.number().nullable() }),
  indexer: z.object({ ok: z.boolean(), block: z.number().nullable(), lag: z.number().nullable() }),
});
export type Health = z.infer<typeof healthSchema>;

/** What this feature adds to the public contract (gathered by public-contract/index.ts). */
export const HEALTH_CONTRACT = featureContract({ health: HEALTH_PATH });
