import { describe, expect, it } from "vitest";
import { latestLiveBlock, liveMeta, liveTopicsOf, noteLiveBlock } from "./live-store";

describe("live store", () => {
  it("reads the chain topics a query names in its meta, and none otherwise", () => {
    expect(liveTopicsOf(liveMeta("stake", "whitelist"))).toEqual(["stake", "whitelist"]);
    expect(liveTopicsOf(undefined)).toEqual([]);
    expect(liveTopicsOf({ other: true })).toEqual([]);
  });

  it("keeps the newest announced block, never going back", () => {
    noteLiveBlock(10);
    noteLiveBlock(7);
    expect(latestLiveBlock()).toBe(10);
    noteLiveBlock(12);
    expect(latestLiveBlock()).toBe(12);
  });
});
