import { rmSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isTmpfsWithRoom, memoryTempDir, SHARED_MEMORY_DIR } from "./memory-temp.ts";

const TMPFS = 0x01021994;
const EXT4 = 0xef53;
const GiB = 1024 ** 3;
/**
 * Room that shared memory has at any moment of a run. Not all it had when the test looked: the run's own databases
 * and stacks live there, and what they wrote in between left less than that.
 */
const ONE_MIB = 1024 ** 2;

describe("the test run's temporary folder", () => {
  it("goes to a tmpfs only when it has the room asked for", () => {
    expect(isTmpfsWithRoom({ type: TMPFS, bavail: 5 * 262_144, bsize: 4096 }, 4 * GiB)).toBe(true);
    expect(isTmpfsWithRoom({ type: TMPFS, bavail: 16_384, bsize: 4096 }, 4 * GiB)).toBe(false);
    expect(isTmpfsWithRoom({ type: EXT4, bavail: 100 * 262_144, bsize: 4096 }, 4 * GiB)).toBe(false);
  });

  it("is a new folder in shared memory that any user may write in, as in /tmp", () => {
    const dir = memoryTempDir(ONE_MIB);
    try {
      expect(dir).toMatch(new RegExp(`^${SHARED_MEMORY_DIR}/pli-test-`));
      expect(statSync(dir!).mode & 0o7777).toBe(0o1777);
    } finally {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stays on the disk when the folder given is not a tmpfs with room, or is missing", () => {
    expect(memoryTempDir(1, import.meta.dirname)).toBeUndefined();
    expect(memoryTempDir(Number.MAX_SAFE_INTEGER)).toBeUndefined();
    expect(memoryTempDir(1, `${SHARED_MEMORY_DIR}/no-such-folder`)).toBeUndefined();
  });
});
