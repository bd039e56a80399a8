import { expect, it } from "vitest";
import { formatReport } from "./lib/verify-chain/report.ts";
import { verifyChain } from "./lib/verify-chain/run.ts";

/**
 * Seed 598's program on 60 operations: a live reorg early, connections refused for 20 s from operation 20 on (the
 * reorg waits for the indexer through it), and the indexer SIGKILLed before operation 48, so its restart backfills
 * through the capped `eth_getLogs`.
 */
const SEED = 598;

it("behind an RPC that fails a tenth of the calls, crawls, caps eth_getLogs and refuses connections for a while, the API still serves exactly what the chain says", async () => {
  const result = await verifyChain({
    ops: 60,
    seed: SEED,
    operators: 4,
    kills: 1,
    reorgs: 1,
    faultyRpc: { refuseSeconds: 20 },
    log: (line) => console.log(line),
  });
  console.log(formatReport(result));

  const stats = result.faultyRpc!.stats;
  expect(stats.failed).toBeGreaterThan(0);
  expect(stats.capped).toBeGreaterThan(0);
  expect(result.kills).toBe(1);
  expect(result.records.filter((record) => record.unexpected).map((record) => record.unexpected)).toEqual([]);
  expect(result.discrepancies).toEqual([]);
});
