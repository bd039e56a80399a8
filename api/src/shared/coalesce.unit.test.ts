import { describe, expect, it } from "vitest";
import { coalesced } from "./coalesce.ts";

/** A task whose runs the test ends one by one. */
function steppedTask() {
  const ends: (() => void)[] = [];
  let runs = 0;
  return {
    task: () =>
      new Promise<number>((resolve) => {
        const run = ++runs;
        ends.push(() => resolve(run));
      }),
    runs: () => runs,
    endNext: async () => {
      ends.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe("one run at a time", () => {
  it("folds every call made during a run into one more run, which each of those calls waits for", async () => {
    const stepped = steppedTask();
    const work = coalesced(stepped.task, () => undefined);
    const first = work.run();
    const during = [work.run(), work.run(), work.run()];
    expect(stepped.runs()).toBe(1);
    await stepped.endNext();
    expect(await first).toBe(1);
    expect(stepped.runs()).toBe(2);
    await stepped.endNext();
    expect(await Promise.all(during)).toEqual([2, 2, 2]);
    expect(stepped.runs()).toBe(2);
    await work.settled();
  });

  it("tells a failed run to onError once and runs again when woken", async () => {
    const errors: unknown[] = [];
    let fail = true;
    const work = coalesced(
      async () => {
        if (fail) throw new Error("down");
        return "up";
      },
      (error) => errors.push(error),
    );
    work.wake();
    await work.settled();
    expect(errors).toHaveLength(1);
    fail = false;
    expect(await work.run()).toBe("up");
  });
});
