import { describe, expect, it } from "vitest";
import { economicsChanges } from "./economics";

const current = { minimumStake: "50000", maximumStake: "1000000", multiplyOf: "1000", incentivePercentage: "2.5" };

describe("economicsChanges (what the typed confirmation lists before the economics are sent)", () => {
  it("lists a change past a JS number's precision, which the chain would receive", () => {
    expect(economicsChanges({ ...current, minimumStake: "50000.0000000000000001" }, current)).toEqual([
      "Minimum Stake: 50,000 PLI → 50,000.0000000000000001 PLI",
    ]);
    const big = { ...current, maximumStake: "9007199254740992" };
    expect(economicsChanges({ ...big, maximumStake: "9007199254740993" }, big)).toHaveLength(1);
  });

  it("lists nothing when every value is the same number, however written", () => {
    expect(economicsChanges({ ...current, minimumStake: "50000.0", incentivePercentage: "2.50" }, current)).toEqual([]);
  });

  it("lists each changed field once, in the form's order", () => {
    const changed = { minimumStake: "60000", maximumStake: "1000000", multiplyOf: "500", incentivePercentage: "3" };
    expect(economicsChanges(changed, current).map((line) => line.split(":")[0])).toEqual([
      "Minimum Stake",
      "Stake in multiples of",
      "Incentive percentage per month",
    ]);
  });
});
