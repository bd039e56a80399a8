import { expect, it } from "vitest";
import { formatReport } from "./lib/verify-chain/report.ts";
import { verifyChain } from "./lib/verify-chain/run.ts";

/**
 * Seed 109's program: a live reorg at operation 6 (depth 1, two admin transactions in the new block),
 * the indexer SIGKILLed at operation 27 and a reorg at 162 (depth 2) while it waits for its old schema
 * lock, which is why the kill comes early: the restart overlaps the operations.
 */
const SEED = 109;

it("300 random operations with an indexer kill and reorgs leave the API serving exactly what the chain says", async () => {
  const result = await verifyChain({ ops: 300, seed: SEED, operators: 4, kills: 1, reorgs: 2, log: (line) => console.log(line) });
  console.log(formatReport(result));

  expect(result.kills).toBe(1);
  expect(result.reorgs.count).toBe(2);
  expect(result.records.filter((record) => record.unexpected).map((record) => record.unexpected)).toEqual([]);
  expect(result.records.filter((record) => record.expected !== null).length).toBeGreaterThan(30);
  expect(result.records.filter((record) => record.txs.length > 0 && record.expected === null).length).toBeGreaterThan(150);
  expect(result.discrepancies).toEqual([]);
});
