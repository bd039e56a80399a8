import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { ReusedReads } from "./reused-read-socket.ts";

/** ReusedReads on a stand-in for its socket: what it pushed as data, and how often it resumed it. */
const reads = () => {
  const pushed: Buffer[] = [];
  const socket = { resumed: 0, push: (chunk: Buffer) => pushed.push(chunk), resume: () => socket.resumed++ };
  return { reads: new ReusedReads(socket as unknown as Socket), pushed, socket };
};

/** One socket read of `text` as Node makes it: into the buffer `next` gives, then the callback. */
const read = (target: ReusedReads, text: string) => {
  const buffer = target.next();
  const length = buffer.write(text);
  return { buffer, wanted: target.onRead(length, buffer) };
};

describe("ReusedReads", () => {
  it("hands each unborrowed read on as a copy of its own, reading into the same buffer again", () => {
    const { reads: target, pushed } = reads();
    const first = read(target, "one");
    const second = read(target, "two");
    expect(second.buffer).toBe(first.buffer);
    expect(pushed.map(String)).toEqual(["one", "two"]);
    expect(pushed[0]!.buffer).not.toBe(first.buffer.buffer);
  });

  it("never reads into a buffer a borrower holds, pauses when none would be left, and goes on once one is released", () => {
    const { reads: target, socket } = reads();
    const held: { text: string; release: () => void; view: Buffer }[] = [];
    target.borrow((view, release) => held.push({ text: view.toString(), view, release }));
    const buffers = new Set<ArrayBufferLike>();
    const results = ["a1", "b2", "c3"].map((text) => read(target, text));
    for (const result of results) buffers.add(result.buffer.buffer);
    expect(buffers.size).toBe(3);
    expect(results.map((result) => result.wanted)).toEqual([true, true, false]);
    expect(held.map((item) => item.text)).toEqual(["a1", "b2", "c3"]);
    expect(buffers.has(target.next().buffer)).toBe(false);

    held[1]!.release();
    expect(socket.resumed).toBe(1);
    const fourth = read(target, "d4");
    expect(fourth.wanted).toBe(false);
    expect(target.next()).toBe(results[1]!.buffer);
    expect(held.map((item) => item.view.toString())).toEqual(["a1", "b2", "c3", "d4"]);

    held[0]!.release();
    held[0]!.release();
    expect(socket.resumed).toBe(2);
    expect(read(target, "e5").wanted).toBe(false);
    expect(held.slice(2).map((item) => item.view.toString())).toEqual(["c3", "d4", "e5"]);
  });

  it("gives the reads back with a copy of the bytes after the borrowed ones, and drops the spare buffers", () => {
    const { reads: target, pushed, socket } = reads();
    const releases: (() => void)[] = [];
    target.borrow((view, release) => {
      releases.push(release);
      if (view.toString() === "last|rest") target.giveBack(view.subarray(5));
    });
    read(target, "x");
    read(target, "y");
    const last = read(target, "last|rest");
    expect(last.wanted).toBe(true);
    expect(socket.resumed).toBe(0);
    expect(pushed.map(String)).toEqual(["rest"]);
    expect(pushed[0]!.buffer).not.toBe(last.buffer.buffer);
    for (const release of releases) release();
    const after = read(target, "pg");
    expect(after.buffer).toBe(target.next());
    expect(pushed.map(String)).toEqual(["rest", "pg"]);
  });
});
