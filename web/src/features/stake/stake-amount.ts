import { PLI_DECIMALS, stakeAmountError, type StakeLimits } from "@pli/api/public-contract";
import { parseEventLogs, parseUnits, type Address, type TransactionReceipt } from "viem";
import { stakingRewardsAbi } from "@pli/abis";
import { stakingMessages } from "./messages";

/** What the amount field holds: an amount in wei, nothing yet (null), or text that is not a PLI amount. */
export type AmountInput = { amount: bigint | null; invalid: boolean };

const PLI_AMOUNT = new RegExp(`^\\d{1,30}(\\.\\d{1,${PLI_DECIMALS}})?$`);

/** Reads the amount field (whole PLI, or with up to 18 decimals; thousands separators are ignored). */
export function parseAmountInput(text: string): AmountInput {
  const value = text.replaceAll(",", "").trim();
  if (value === "") return { amount: null, invalid: false };
  if (!PLI_AMOUNT.test(value)) return { amount: null, invalid: true };
  return { amount: parseUnits(value, PLI_DECIMALS), invalid: false };
}

/** The message under the amount field: not a number, or the first spec 5 rule the amount breaks (the API's rules). */
export function amountFieldError(input: AmountInput, stakeSoFar: bigint, limits: StakeLimits): string | null {
  if (input.invalid) return stakingMessages.amountNotNumber;
  return input.amount === null ? null : stakeAmountError(input.amount, stakeSoFar, limits);
}

/**
 * The position's total after the stake or top-up in `receipt`, from the staking contract's own
 * Staked or ToppedUp event (also emitted inside a token transferAndCall); undefined when it has none.
 */
export function stakedTotalOf(receipt: Pick<TransactionReceipt, "logs">, stakingRewards: Address): bigint | undefined {
  const events = parseEventLogs({ abi: stakingRewardsAbi, logs: receipt.logs, eventName: ["Staked", "ToppedUp"], strict: true });
  return events.find((event) => event.address.toLowerCase() === stakingRewards.toLowerCase())?.args.total;
}
