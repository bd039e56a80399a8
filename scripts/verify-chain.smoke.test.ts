import { expect, it } from "vitest";
import { compiledProgram } from "@pli/api/test/cli";
import { formatReport } from "./lib/verify-chain/report.ts";
import { verifyChain } from "./lib/verify-chain/run.ts";

/**
 * Seed 598's program: a reorg before operation 1 (depth 2, an admin transaction in the new blocks) once the
 * indexer is at the head, the indexer SIGKILLed before operation 18, and a reorg before 126 (depth 3) while
 * it waits for its old schema lock. The kill comes early so that the restart overlaps the operations.
 */
const SEED = 598;

it("300 random operations with an indexer kill and reorgs leave the API serving exactly what the chain says", async () => {
  const result = await verifyChain({
    apiProgram: compiledProgram("server"),
    ops: 300,
    seed: SEED,
    operators: 4,
    kills: 1,
    reorgs: 2,
    log: (line) => console.log(line),
  });
  console.log(formatReport(result));

  expect(result.kills).toBe(1);
  expect(result.reorgs.count).toBe(2);
  expect(result.records.filter((record) => record.unexpected).map((record) => record.unexpected)).toEqual([]);
  expect(result.records.filter((record) => record.expected !== null).length).toBeGreaterThan(30);
  expect(result.records.filter((record) => record.txs.length > 0 && record.expected === null).length).toBeGreaterThan(
    150,
  );
  expect(result.discrepancies).toEqual([]);
});
