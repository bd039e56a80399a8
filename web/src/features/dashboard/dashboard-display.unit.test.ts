import { INCENTIVE_STATUS } from "@pli/api/public-contract";
import { describe, expect, it } from "vitest";
import {
  chartPli,
  chartValue,
  currentFirstStep,
  earningsBars,
  incentiveOverview,
  monthLabel,
  yieldShown,
} from "./dashboard-display";

const PLI = 10n ** 18n;

describe("dashboard figures", () => {
  it("sums the incentives per status into the overview's total, paid and unpaid, exactly", () => {
    const overview = incentiveOverview([
      { status: INCENTIVE_STATUS.paid, count: 2, token: (3n * PLI + 1n).toString() },
      { status: INCENTIVE_STATUS.unPaid, count: 5, token: (7n * PLI).toString() },
    ]);
    expect(overview).toEqual({
      total: { count: 7, token: 10n * PLI + 1n },
      paid: { count: 2, token: 3n * PLI + 1n },
      unPaid: { count: 5, token: 7n * PLI },
    });
  });

  it("counts a status the API did not list as none", () => {
    expect(incentiveOverview([{ status: INCENTIVE_STATUS.unPaid, count: 1, token: "5" }]).paid).toEqual({
      count: 0,
      token: 0n,
    });
  });

  it("stacks what a month has accrued and what it is expected to: the running month, one the accrual has not reached", () => {
    const month = (name: string, earned: bigint, expected: bigint, running = false) => ({
      month: name,
      earned: earned.toString(),
      expected: expected.toString(),
      paid: (PLI / 2n).toString(),
      running,
    });
    expect(
      earningsBars([
        month("2026-10", 5n * PLI, 0n),
        month("2026-11", 7n * PLI, 3n * PLI),
        month("2026-12", 2n * PLI, 2n * PLI, true),
      ]),
    ).toEqual([
      { month: "Oct 2026", earned: 5, expected: 0, paid: 0.5 },
      { month: "Nov 2026", earned: 4, expected: 3, paid: 0.5 },
      { month: "Dec 2026", earned: 0, expected: 2, paid: 0.5 },
    ]);
  });

  it("labels chart months and values for people", () => {
    expect(monthLabel("2027-01")).toBe("Jan 2027");
    expect(chartPli((1_250n * PLI + PLI / 2n).toString())).toBe(1250.5);
    expect(chartValue(1_250_000)).toBe("1.25M PLI");
    expect(chartValue(12.3456)).toBe("12.34 PLI");
    expect(chartValue(9e59)).toBe("9.00 × 10⁵⁹ PLI");
  });
});

describe("currentFirstStep", () => {
  const none = { nodeAdded: false, nodeApproved: false, stakeRequested: false, requestApproved: false, staked: false };
  it("walks a new operator from adding a node to staking, and ends once they have staked", () => {
    expect(currentFirstStep(none)).toBe(0);
    expect(currentFirstStep({ ...none, nodeAdded: true })).toBe(1);
    expect(currentFirstStep({ ...none, nodeAdded: true, nodeApproved: true })).toBe(2);
    expect(currentFirstStep({ ...none, nodeAdded: true, nodeApproved: true, stakeRequested: true })).toBe(2);
    expect(
      currentFirstStep({
        nodeAdded: true,
        nodeApproved: true,
        stakeRequested: true,
        requestApproved: true,
        staked: false,
      }),
    ).toBe(3);
    expect(currentFirstStep({ ...none, staked: true })).toBeNull();
  });
});

describe("yieldShown", () => {
  const payment = {
    node: `0x${"c".repeat(40)}`,
    txHash: "0x1",
    month: "2026-10",
    amount: "1",
    paidAt: "2026-11-01T00:00:00Z",
  };
  it("says 'pending' while stake time has earned no payment yet, never 0 %", () => {
    expect(yieldShown({ realisedYield: "0.00", payments: [] }).value).toBe("pending");
    expect(yieldShown({ realisedYield: null, payments: [] }).value).toBe("-");
    expect(yieldShown({ realisedYield: "2.40", payments: [payment] }).value).toBe("2.40 % a year");
    expect(yieldShown({ realisedYield: "598565.08", payments: [payment] }).value).toBe("598,565.08 % a year");
  });
});
