import { describe, expect, it } from "vitest";
import { visiblePages } from "./pager";

describe("visiblePages", () => {
  it("shows every page when there are at most ten", () => {
    expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(7, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("shows ten pages around the current one, clamped to the ends", () => {
    expect(visiblePages(1, 40)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(visiblePages(20, 40)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(visiblePages(40, 40)).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
  });
});
