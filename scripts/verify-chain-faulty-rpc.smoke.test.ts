import { expect, it } from "vitest";
import { compiledProgram } from "@pli/api/test/cli";
import { formatReport } from "./lib/verify-chain/report.ts";
import { verifyChain } from "./lib/verify-chain/run.ts";

/**
 * Seed 598's program on 60 operations with one live reorg and no kill (a restart waits about 25 s for the dead
 * process's schema lock; verify-chain.smoke.test.ts covers kills): connections are refused for 15 s from operation 20 on,
 * into the catch-up. The endpoint is also an XDC node with today's mainnet fees (`npm run verify:chain -- --xdc` runs
 * the pre-1559 rules at length): `xdc…` addresses, a 12.5 gwei floor, and 5,000-block `eth_getLogs` windows, which the
 * indexer's first backfill (over 5,100 empty blocks) has to keep to. The public endpoint's narrower cap is left to
 * `npm run verify:chain -- --faulty-rpc` (on chains 50 and 51 Ponder asks for 5,000 blocks and does not split further).
 */
const SEED = 598;

it("behind an XDC node that fails a tenth of the calls, crawls, caps eth_getLogs and refuses connections for a while, the API still serves exactly what the chain says", async () => {
  const result = await verifyChain({
    apiProgram: compiledProgram("server"),
    ops: 60,
    seed: SEED,
    operators: 4,
    kills: 0,
    reorgs: 1,
    faultyRpc: { refuseSeconds: 15 },
    xdc: { fees: "1559" },
    log: (line) => console.log(line),
  });
  console.log(formatReport(result));

  const stats = result.faultyRpc!.stats;
  expect(stats.failed).toBeGreaterThan(0);
  expect(result.reorgs.count).toBe(1);
  expect(result.xdc!.xdcStats.addressesRewritten).toBeGreaterThan(0);
  expect(result.xdc!.xdcStats.feeRefusals).toBe(0);
  expect(result.records.filter((record) => record.unexpected).map((record) => record.unexpected)).toEqual([]);
  expect(result.discrepancies).toEqual([]);
});
