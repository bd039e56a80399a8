import { z } from "zod";

export const HEALTH_PATH = "/api/health";

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ ok: z.boolean() }),
  chain: z.object({ ok: z.boolean(), chainId: z.number(), head: z.number().nullable() }),
  indexer: z.object({ ok: z.boolean(), block: z.number().nullable(), lag: z.number().nullable() }),
});
export type Health = z.infer<typeof healthSchema>;
