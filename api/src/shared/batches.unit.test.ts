import type { CompiledQuery, QueryExecutorProvider } from "kysely";
import { describe, expect, it } from "vitest";
import { batchesOf } from "./list.ts";

/** A stand-in database whose cursor answers `count` batches of one row, logging each read and the close. */
function fakeDb(count: number, log: string[]): QueryExecutorProvider {
  const executor = {
    async *stream() {
      try {
        for (let n = 1; n <= count; n++) {
          log.push(`read ${n}`);
          yield { rows: [n] };
        }
      } finally {
        log.push("closed");
      }
    },
  };
  return { getExecutor: () => executor } as unknown as QueryExecutorProvider;
}
const query = { compile: () => ({}) as CompiledQuery<number> };

describe("batchesOf", () => {
  it("asks the cursor for the next batch before handing on the current one, and yields every batch in order", async () => {
    const log: string[] = [];
    const seen: number[][] = [];
    for await (const batch of batchesOf(fakeDb(3, log), query)) {
      await Promise.resolve();
      log.push(`got ${batch[0]}`);
      seen.push(batch);
    }
    expect(seen).toEqual([[1], [2], [3]]);
    expect(log).toEqual(["read 1", "read 2", "got 1", "read 3", "got 2", "closed", "got 3"]);
  });

  it("closes the cursor when the reader stops early", async () => {
    const log: string[] = [];
    for await (const batch of batchesOf(fakeDb(10, log), query)) if (batch[0] === 2) break;
    expect(log.at(-1)).toBe("closed");
    expect(log.filter((entry) => entry.startsWith("read"))).toEqual(["read 1", "read 2", "read 3"]);
  });
});
