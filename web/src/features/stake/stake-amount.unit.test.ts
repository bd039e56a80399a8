import { stakingRewardsAbi } from "@pli/abis";
import { parsePli as pli, stakeLimitsOf } from "@pli/api/public-contract";
import { encodeAbiParameters, encodeEventTopics, type Address, type TransactionReceipt } from "viem";
import { describe, expect, it } from "vitest";
import { amountFieldError, parseAmountInput, stakedTotalOf, withMaximumLeft } from "./stake-amount";
import { stakingMessages } from "./messages";

const limits = stakeLimitsOf({ minimumStake: "50000", maximumStake: "1000000", multiplyOf: "1000" })!;
const STAKING: Address = "0x00000000000000000000000000000000000000a1";
const TOKEN: Address = "0x00000000000000000000000000000000000000b2";
const WALLET: Address = "0x00000000000000000000000000000000000000c3";
const NODE: Address = "0x00000000000000000000000000000000000000d4";

type ReceiptLog = TransactionReceipt["logs"][number];

function stakeLog(address: Address, eventName: "Staked" | "ToppedUp", amount: bigint, total: bigint): ReceiptLog {
  return {
    address,
    topics: encodeEventTopics({
      abi: stakingRewardsAbi,
      eventName,
      args: { wallet: WALLET, node: NODE },
    }) as ReceiptLog["topics"],
    data: encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [amount, total]),
    blockHash: `0x${"1".repeat(64)}`,
    blockNumber: 1n,
    logIndex: 0,
    transactionHash: `0x${"2".repeat(64)}`,
    transactionIndex: 0,
    removed: false,
  };
}

describe("the amount field", () => {
  it("reads whole and decimal PLI as wei, with or without thousands separators; empty is no amount", () => {
    expect(parseAmountInput("50000")).toEqual({ amount: pli("50000"), invalid: false });
    expect(parseAmountInput(" 51,000 ")).toEqual({ amount: pli("51000"), invalid: false });
    expect(parseAmountInput("0.5")).toEqual({ amount: pli("0.5"), invalid: false });
    expect(parseAmountInput("")).toEqual({ amount: null, invalid: false });
  });

  it("refuses text that is not a PLI amount", () => {
    for (const text of ["abc", "-5", "1e5", "1.", "0x10", "1.0000000000000000001"])
      expect(parseAmountInput(text)).toEqual({ amount: null, invalid: true });
  });

  it("shows the API's spec 5 messages, and none while empty", () => {
    expect(amountFieldError(parseAmountInput(""), 0n, limits)).toBeNull();
    expect(amountFieldError(parseAmountInput("x"), 0n, limits)).toBe(stakingMessages.amountNotNumber);
    expect(amountFieldError(parseAmountInput("1000"), 0n, limits)).toBe(
      "Values Must be in greater  than or equal to 50000",
    );
    expect(amountFieldError(parseAmountInput("50500"), 0n, limits)).toBe("Values Must be in multiples of 1000");
    expect(amountFieldError(parseAmountInput("1000"), pli("50000"), limits)).toBeNull();
    expect(amountFieldError(parseAmountInput("2000"), pli("999000"), limits)).toBe("Maximum Limit Reached");
  });
});

describe("the position's total after a stake transaction", () => {
  it("comes from the staking contract's Staked or ToppedUp event", () => {
    expect(stakedTotalOf({ logs: [stakeLog(STAKING, "Staked", pli("50000"), pli("50000"))] }, STAKING)).toBe(
      pli("50000"),
    );
    expect(stakedTotalOf({ logs: [stakeLog(STAKING, "ToppedUp", pli("2000"), pli("52000"))] }, STAKING)).toBe(
      pli("52000"),
    );
  });

  it("ignores the same event from another contract, and is undefined without one", () => {
    expect(stakedTotalOf({ logs: [stakeLog(TOKEN, "Staked", 1n, 1n)] }, STAKING)).toBeUndefined();
    expect(stakedTotalOf({ logs: [] }, STAKING)).toBeUndefined();
  });
});

describe("the figure beside 'Maximum Limit Reached'", () => {
  it("says how much this node may still take, after spec 5's words; other messages stay as they are", () => {
    const left = pli(880_000);
    expect(withMaximumLeft(amountFieldError(parseAmountInput("890000"), pli(120_000), limits), left)).toBe(
      "Maximum Limit Reached (880,000 PLI left for this node)",
    );
    expect(withMaximumLeft(amountFieldError(parseAmountInput("50500"), 0n, limits), left)).toBe(
      "Values Must be in multiples of 1000",
    );
    expect(withMaximumLeft(null, left)).toBeNull();
  });
});
