import { expect, it } from "vitest";
import { formatReport } from "./lib/verify-chain/report.ts";
import { verifyChain } from "./lib/verify-chain/run.ts";

/**
 * Seed 598's program on 60 operations with one live reorg and no kill (a restart waits about 25 s for the dead
 * process's schema lock; verify-chain.smoke.test.ts covers kills): the indexer's first backfill goes through the capped
 * `eth_getLogs`, and connections are refused for 15 s from operation 20 on, into the catch-up.
 */
const SEED = 598;

it("behind an RPC that fails a tenth of the calls, crawls, caps eth_getLogs and refuses connections for a while, the API still serves exactly what the chain says", async () => {
  const result = await verifyChain({
    ops: 60,
    seed: SEED,
    operators: 4,
    kills: 0,
    reorgs: 1,
    faultyRpc: { refuseSeconds: 15 },
    log: (line) => console.log(line),
  });
  console.log(formatReport(result));

  const stats = result.faultyRpc!.stats;
  expect(stats.failed).toBeGreaterThan(0);
  expect(stats.capped).toBeGreaterThan(0);
  expect(result.reorgs.count).toBe(1);
  expect(result.records.filter((record) => record.unexpected).map((record) => record.unexpected)).toEqual([]);
  expect(result.discrepancies).toEqual([]);
});
