import { describe, expect, it } from "vitest";
import { parsePli as pli } from "../shared/pli.ts";
import { STAKE_STATUS } from "../public-contract/domain.ts";
import {
  decideHint,
  effectiveMinimum,
  lowBalance,
  maximumLeft,
  maxStakeAmount,
  mayUnlock,
  mayWithdraw,
  parseStakeId,
  STAKE_AMOUNT_MESSAGES,
  STAKE_HINT_MESSAGES,
  stakeActionsShown,
  stakeAmountError,
  stakeIdOf,
  stakeLimitsOf,
  stakeStepError,
  type StakeForm,
} from "./rules.ts";

/** The default settings: minimum 50,000, maximum 1,000,000, multiple 1,000. */
const limits = stakeLimitsOf({ minimumStake: "50000", maximumStake: "1000000", multiplyOf: "1000" })!;
const belowMinimum = (min: string) => STAKE_AMOUNT_MESSAGES.stakeBelowMinimum.replace("{min}", min);

describe("staking amount rules (spec 5)", () => {
  it("reads the settings' whole PLI as wei", () => {
    expect(limits).toEqual({ minimum: pli(50_000), maximum: pli(1_000_000), multiple: pli(1_000) });
  });

  it("the effective minimum is the minimum until the stake so far reaches it, then the multiple", () => {
    expect(effectiveMinimum(0n, limits)).toBe(pli(50_000));
    expect(effectiveMinimum(pli(49_999), limits)).toBe(pli(50_000));
    expect(effectiveMinimum(pli(50_000), limits)).toBe(pli(1_000));
    expect(effectiveMinimum(pli(120_000), limits)).toBe(pli(1_000));
  });

  it("a first stake: below the minimum, not a multiple, or over the maximum is refused with spec 5's message", () => {
    expect(stakeAmountError(pli(49_000), 0n, limits)).toBe("Values Must be in greater  than or equal to 50000");
    expect(stakeAmountError(0n, 0n, limits)).toBe(belowMinimum("50000"));
    expect(stakeAmountError(pli(50_000), 0n, limits)).toBeNull();
    expect(stakeAmountError(pli(50_500), 0n, limits)).toBe("Values Must be in multiples of 1000");
    expect(stakeAmountError(pli(50_000) + 1n, 0n, limits)).toBe("Values Must be in multiples of 1000");
    expect(stakeAmountError(pli(1_000_000), 0n, limits)).toBeNull();
    expect(stakeAmountError(pli(1_001_000), 0n, limits)).toBe(STAKE_AMOUNT_MESSAGES.stakeMaximumReached);
  });

  it("a top-up: the multiple is the minimum, and the stake so far counts towards the maximum", () => {
    expect(stakeAmountError(pli(1_000), pli(50_000), limits)).toBeNull();
    expect(stakeAmountError(pli(999), pli(50_000), limits)).toBe(belowMinimum("1000"));
    expect(stakeAmountError(pli(950_000), pli(50_000), limits)).toBeNull();
    expect(stakeAmountError(pli(951_000), pli(50_000), limits)).toBe(STAKE_AMOUNT_MESSAGES.stakeMaximumReached);
    expect(stakeAmountError(pli(1_000), pli(1_000_000), limits)).toBe(STAKE_AMOUNT_MESSAGES.stakeMaximumReached);
  });

  it("a stake so far below the minimum (the limits were raised) still needs the minimum", () => {
    const raised = stakeLimitsOf({ minimumStake: "60000", maximumStake: "1000000", multiplyOf: "2000" })!;
    expect(stakeAmountError(pli(2_000), pli(50_000), raised)).toBe(belowMinimum("60000"));
    expect(stakeAmountError(pli(60_000), pli(50_000), raised)).toBeNull();
  });

  it("fractional settings are formatted as PLI in the messages", () => {
    const small = stakeLimitsOf({ minimumStake: "0.5", maximumStake: "10", multiplyOf: "0.25" })!;
    expect(stakeAmountError(pli(0.25), 0n, small)).toBe(belowMinimum("0.5"));
    expect(stakeAmountError(pli(0.6), 0n, small)).toBe("Values Must be in multiples of 0.25");
    expect(stakeAmountError(pli(0.75), 0n, small)).toBeNull();
  });

  const form = (amount: bigint | null, stakeSoFar: bigint, balance: bigint): StakeForm => ({
    amount,
    stakeSoFar,
    balance,
    limits,
  });

  it("the Low PLI Balance alert shows while the balance is under the effective minimum", () => {
    expect(lowBalance(form(null, 0n, pli(49_999)))).toBe(true);
    expect(lowBalance(form(null, 0n, pli(50_000)))).toBe(false);
    expect(lowBalance(form(null, pli(50_000), pli(999)))).toBe(true);
    expect(lowBalance(form(null, pli(50_000), pli(1_000)))).toBe(false);
  });

  it("the action buttons show only with enough balance, room under the maximum and an allowed amount", () => {
    expect(stakeActionsShown(form(pli(50_000), 0n, pli(100_000)))).toBe(true);
    expect(stakeActionsShown(form(null, 0n, pli(100_000)))).toBe(false);
    expect(stakeActionsShown(form(pli(50_000), 0n, pli(40_000)))).toBe(false);
    expect(stakeActionsShown(form(pli(50_500), 0n, pli(100_000)))).toBe(false);
    expect(stakeActionsShown(form(pli(1_000), pli(1_000_000), pli(100_000)))).toBe(false);
  });

  it("the sign step: no amount, an amount at or above the balance, or over the maximum stops it", () => {
    expect(stakeStepError("sign", form(null, 0n, pli(100_000)))).toBe(STAKE_AMOUNT_MESSAGES.stakeSelectAmount);
    expect(stakeStepError("sign", form(0n, 0n, pli(100_000)))).toBe(STAKE_AMOUNT_MESSAGES.stakeSelectAmount);
    expect(stakeStepError("sign", form(pli(100_000), 0n, pli(100_000)))).toBe(STAKE_AMOUNT_MESSAGES.stakeLowBalance);
    expect(stakeStepError("sign", form(pli(60_000), pli(950_000), pli(100_000)))).toBe(
      STAKE_AMOUNT_MESSAGES.stakeMaximumReached,
    );
    expect(stakeStepError("sign", form(pli(50_000), 0n, pli(100_000)))).toBeNull();
  });

  it("the stake step: no amount, more than the balance or below the effective minimum stops it", () => {
    expect(stakeStepError("stake", form(null, 0n, pli(100_000)))).toBe(STAKE_AMOUNT_MESSAGES.stakeSelectAmount);
    expect(stakeStepError("stake", form(pli(60_000), 0n, pli(5_000)))).toBe("Low PLI Balance");
    expect(stakeStepError("stake", form(pli(60_000), 0n, pli(60_000)))).toBeNull();
    expect(stakeStepError("stake", form(pli(10_000), 0n, pli(100_000)))).toBe(belowMinimum("50000"));
    expect(stakeStepError("stake", form(pli(1_000), pli(50_000), pli(100_000)))).toBeNull();
  });
});

describe("stake position ids", () => {
  const wallet = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01";
  const node = `0x0b${"0".repeat(37)}1`;

  it("are (wallet, node) in lowercase, and read back", () => {
    const id = stakeIdOf(wallet, node);
    expect(id).toBe(`${wallet.toLowerCase()}-${node}`);
    expect(parseStakeId(id)).toEqual({ wallet: wallet.toLowerCase(), node });
    expect(parseStakeId(id.toUpperCase().replace(/^0X/, "0x").replace("-0X", "-0x"))).toEqual({
      wallet: wallet.toLowerCase(),
      node,
    });
  });

  it("anything else is no id", () => {
    for (const bad of [
      "",
      wallet,
      `${wallet}-`,
      `${wallet}-${node}-`,
      `${wallet}:${node}`,
      `${wallet.slice(0, -1)}-${node}`,
      `${wallet}-${node}0`,
    ])
      expect(parseStakeId(bad)).toBeNull();
  });
});

describe("unlock and withdraw (spec 4)", () => {
  it("offers Unlock only for a position in Stake", () => {
    expect(mayUnlock(STAKE_STATUS.stake)).toBe(true);
    for (const status of [STAKE_STATUS.unlock, STAKE_STATUS.withdraw, null]) expect(mayUnlock(status)).toBe(false);
  });

  it("offers Withdraw only for an unlocked position", () => {
    expect(mayWithdraw(STAKE_STATUS.unlock)).toBe(true);
    for (const status of [STAKE_STATUS.stake, STAKE_STATUS.withdraw, null]) expect(mayWithdraw(status)).toBe(false);
  });
});

describe("stake hints", () => {
  const wallet = `0x${"a".repeat(40)}`;
  const node = `0x${"b".repeat(40)}`;
  const expected = { kinds: ["stake", "topup"] as const, wallet, node };

  it("are backed by an indexed event of the right kind, wallet and node", () => {
    expect(decideHint([{ kind: "topup", wallet, node }], expected, null)).toEqual({ ok: true });
  });

  it("tell an unknown hash, a failed transaction, one not indexed yet and one that staked nothing apart", () => {
    expect(decideHint([], expected, null)).toEqual({
      ok: false,
      code: "notFound",
      reason: STAKE_HINT_MESSAGES.hintNotIndexed,
    });
    expect(decideHint([], expected, { status: "reverted", indexed: true })).toEqual({
      ok: false,
      code: "conflict",
      reason: STAKE_HINT_MESSAGES.hintFailed,
    });
    expect(decideHint([], expected, { status: "reverted", indexed: false })).toEqual({
      ok: false,
      code: "conflict",
      reason: STAKE_HINT_MESSAGES.hintFailed,
    });
    expect(decideHint([], expected, { status: "success", indexed: false })).toEqual({
      ok: false,
      code: "conflict",
      reason: STAKE_HINT_MESSAGES.hintPending,
    });
    expect(decideHint([], expected, { status: "success", indexed: true })).toEqual({
      ok: false,
      code: "conflict",
      reason: "This transaction is not a stake or top-up",
    });
  });

  it("refuse someone else's transaction, another node's and another kind", () => {
    expect(decideHint([{ kind: "stake", wallet: `0x${"c".repeat(40)}`, node }], expected, null)).toMatchObject({
      ok: false,
      code: "forbidden",
      reason: STAKE_HINT_MESSAGES.hintOtherWallet,
    });
    expect(decideHint([{ kind: "stake", wallet, node: `0x${"c".repeat(40)}` }], expected, null)).toMatchObject({
      ok: false,
      code: "conflict",
      reason: STAKE_HINT_MESSAGES.hintOtherNode,
    });
    expect(decideHint([{ kind: "unstake", wallet, node }], expected, null)).toMatchObject({
      ok: false,
      code: "conflict",
      reason: "This transaction is not a stake or top-up",
    });
  });
});

describe("the maximum left and MAX, the largest amount the staking form accepts", () => {
  const form = (stakeSoFar: bigint, balance: bigint, of = limits) => ({ stakeSoFar, balance, limits: of });
  /** Every rule the form and the two steps apply, so MAX never fills an amount they refuse. */
  const accepted = (amount: bigint, stakeSoFar: bigint, balance: bigint, of = limits) =>
    stakeAmountError(amount, stakeSoFar, of) === null &&
    stakeStepError("sign", { amount, stakeSoFar, balance, limits: of }) === null &&
    stakeStepError("stake", { amount, stakeSoFar, balance, limits: of }) === null;

  it("the maximum left is the maximum less the stake so far, and 0 once it is reached or passed", () => {
    expect(maximumLeft(0n, limits)).toBe(pli(1_000_000));
    expect(maximumLeft(pli(120_000), limits)).toBe(pli(880_000));
    expect(maximumLeft(pli(1_000_000), limits)).toBe(0n);
    expect(maximumLeft(pli(1_200_000), limits)).toBe(0n);
  });

  it("fills the maximum left when the wallet holds more", () => {
    expect(maxStakeAmount(form(0n, pli(2_000_000)))).toEqual({ amount: pli(1_000_000) });
    expect(maxStakeAmount(form(pli(120_000), pli(2_000_000)))).toEqual({ amount: pli(880_000) });
  });

  it("stays below the balance, rounded down to the multiple (an amount equal to the balance is 'Low PLI Balance')", () => {
    expect(maxStakeAmount(form(0n, pli(75_500)))).toEqual({ amount: pli(75_000) });
    expect(maxStakeAmount(form(0n, pli(100_000)))).toEqual({ amount: pli(99_000) });
    expect(accepted(pli(99_000), 0n, pli(100_000))).toBe(true);
    expect(accepted(pli(100_000), 0n, pli(100_000))).toBe(false);
  });

  it("rounds a maximum left that is not a multiple down to one", () => {
    const stakeSoFar = pli(50_000) + 250n;
    expect(maximumLeft(stakeSoFar, limits)).toBe(pli(950_000) - 250n);
    expect(maxStakeAmount(form(stakeSoFar, pli(5_000_000)))).toEqual({ amount: pli(949_000) });
    expect(accepted(pli(949_000), stakeSoFar, pli(5_000_000))).toBe(true);
  });

  it("has no amount, with spec 5's message, when the balance does not pass the minimum", () => {
    expect(maxStakeAmount(form(0n, pli(49_999)))).toEqual({ amount: null, reason: "Low PLI Balance" });
    expect(maxStakeAmount(form(0n, pli(50_000)))).toEqual({ amount: null, reason: "Low PLI Balance" });
    expect(maxStakeAmount(form(pli(60_000), pli(1_000)))).toEqual({ amount: null, reason: "Low PLI Balance" });
    expect(maxStakeAmount(form(0n, pli(50_000) + 1n))).toEqual({ amount: pli(50_000) });
  });

  it("has no amount, with 'Maximum Limit Reached', when less than the minimum is left", () => {
    expect(maxStakeAmount(form(pli(1_000_000), pli(500_000)))).toEqual({
      amount: null,
      reason: "Maximum Limit Reached",
    });
    expect(maxStakeAmount(form(pli(999_500), pli(500_000)))).toEqual({
      amount: null,
      reason: "Maximum Limit Reached",
    });
    expect(maxStakeAmount(form(pli(970_000), pli(500_000)))).toEqual({ amount: pli(30_000) });
  });

  it("has no amount when no multiple fits between the minimum and the ceiling", () => {
    const odd = stakeLimitsOf({ minimumStake: "50500", maximumStake: "1000000", multiplyOf: "1000" })!;
    expect(maxStakeAmount(form(0n, pli(51_000) - 1n, odd))).toEqual({
      amount: null,
      reason: "No multiple of 1000 PLI fits between the minimum and the maximum left for this node",
    });
    expect(maxStakeAmount(form(0n, pli(51_000) + 1n, odd))).toEqual({ amount: pli(51_000) });
  });

  it("keeps every wei of 78-digit amounts", () => {
    const huge = 10n ** 77n;
    const wide = { minimum: pli(50_000), maximum: 9n * huge + 123n, multiple: pli(1_000) };
    const result = maxStakeAmount(form(0n, 10n * huge, wide));
    const expected = 9n * huge - ((9n * huge) % pli(1_000));
    expect(String(9n * huge + 123n)).toHaveLength(78);
    expect(result).toEqual({ amount: expected });
    expect(accepted(expected, 0n, 10n * huge, wide)).toBe(true);
    expect(accepted(expected + pli(1_000), 0n, 10n * huge, wide)).toBe(false);
  });
});
