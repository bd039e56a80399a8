import { MESSAGES, parsePliAmount, stakeAmountError, type StakeLimits } from "@pli/api/public-contract";
import { parseEventLogs, type Address, type TransactionReceipt } from "viem";
import { stakingRewardsAbi } from "@pli/abis";
import { stakingMessages } from "./messages";
import { formatTokenExact } from "@/shared/format";

/** What the amount field holds: an amount in wei, nothing yet (null), or text that is not a PLI amount. */
export type AmountInput = { amount: bigint | null; invalid: boolean };

/** Reads the amount field (parsePliAmount: whole PLI or up to the token's decimals, thousands separators ignored). */
export function parseAmountInput(text: string): AmountInput {
  if (text.replaceAll(",", "").trim() === "") return { amount: null, invalid: false };
  const amount = parsePliAmount(text);
  return { amount, invalid: amount === null };
}

/** The message under the amount field: not a number, or the first spec 5 rule the amount breaks (the API's rules). */
export function amountFieldError(input: AmountInput, stakeSoFar: bigint, limits: StakeLimits): string | null {
  if (input.invalid) return stakingMessages.amountNotNumber;
  return input.amount === null ? null : stakeAmountError(input.amount, stakeSoFar, limits);
}

/** Spec 5's 'Maximum Limit Reached' with the figure beside it (how much this node may still take); other messages as they are. */
export const withMaximumLeft = (message: string | null, left: bigint) =>
  message === MESSAGES.stakeMaximumReached
    ? `${message} (${stakingMessages.maximumLeft(formatTokenExact(left))})`
    : message;

/**
 * The position's total after the stake or top-up in `receipt`, from the staking contract's own
 * Staked or ToppedUp event (also emitted inside a token transferAndCall); undefined when it has none.
 */
export function stakedTotalOf(receipt: Pick<TransactionReceipt, "logs">, stakingRewards: Address): bigint | undefined {
  const events = parseEventLogs({
    abi: stakingRewardsAbi,
    logs: receipt.logs,
    eventName: ["Staked", "ToppedUp"],
    strict: true,
  });
  return events.find((event) => event.address.toLowerCase() === stakingRewards.toLowerCase())?.args.total;
}
