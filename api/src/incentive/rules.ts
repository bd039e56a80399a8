import { INCENTIVE_STATUS } from "../public-contract/domain.ts";
import type { HintDecision, HintReceipt } from "../stake/rules.ts";

/**
 * The incentive rules of spec sections 4, 5 and 9 and issue 11 in one place, pure, for the API (which
 * accrues and pays by them) and the web app (which shows what they allow). Amounts are wei (bigint),
 * days are UTC calendar days written YYYY-MM-DD.
 */

export type IncentiveStatus = (typeof INCENTIVE_STATUS)[keyof typeof INCENTIVE_STATUS];
export const INCENTIVE_STATUSES = Object.values(INCENTIVE_STATUS) as [IncentiveStatus, ...IncentiveStatus[]];
export const INCENTIVE_TYPE = { monthly: "Monthly" } as const;
export type IncentiveType = (typeof INCENTIVE_TYPE)[keyof typeof INCENTIVE_TYPE];

/** Spec 9: the next payment is due this many days after an incentive's date. */
export const NEXT_PAYMENT_DAYS = 30;
/** What the list shows for a next payment date already past. */
export const NEXT_PAYMENT_PAST = "~";

export const INCENTIVE_RULE_MESSAGES = {
  depositNotPositive: "Value must be greater than 0",
  insufficientRewardPool: "Kindly check if you have sufficient PLI for rolling out Incentives! Try Again!!",
  incentiveNotPayable: "Only UnPaid incentives with a token greater than 0 can be paid",
} as const;

const DAY_MS = 86_400_000;

/** A UTC calendar month; `month` is 1 to 12. */
export interface Month {
  year: number;
  month: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const dayText = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

export const daysInMonth = ({ year, month }: Month) => new Date(Date.UTC(year, month, 0)).getUTCDate();
export const monthOf = (at: Date): Month => ({ year: at.getUTCFullYear(), month: at.getUTCMonth() + 1 });
export const nextMonth = ({ year, month }: Month): Month => (month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 });
export const monthStart = ({ year, month }: Month) => new Date(Date.UTC(year, month - 1, 1));
export const monthText = ({ year, month }: Month) => `${pad(year, 4)}-${pad(month)}`;
export const compareMonths = (a: Month, b: Month) => a.year - b.year || a.month - b.month;

/** The days of `month`, YYYY-MM-DD. */
export const daysOf = (month: Month) => Array.from({ length: daysInMonth(month) }, (_, i) => dayText(month.year, month.month, i + 1));

/** An incentive row's date: the first day of the month after the one it accrues for. */
export const accrualDateOf = (month: Month) => {
  const next = nextMonth(month);
  return dayText(next.year, next.month, 1);
};

/** The month an incentive dated `date` (YYYY-MM-DD, a first of the month) accrued for. */
export function accruedMonthOf(date: string): Month {
  const [year, month] = date.split("-").map(Number) as [number, number];
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/** The last month whose incentives are due at `now`: the month before the current UTC month. */
export const lastFinishedMonth = (now: Date): Month => accruedMonthOf(dayText(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

/** The on-chain key of a row's date: YYYY-MM-DD as the integer YYYYMMDD (payRewards' `dates`). */
export const dateKeyOf = (date: string) => Number(date.replaceAll("-", ""));
export const dateOfKey = (key: number | string) => {
  const text = String(key).padStart(8, "0");
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
};

/** Spec 2 and 9: an incentive's next payment date is its date plus 30 days, shown as ~ once past. */
export function nextPaymentDate(date: string, now: Date): string {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + NEXT_PAYMENT_DAYS * DAY_MS);
  return next.getTime() < now.getTime() ? NEXT_PAYMENT_PAST : next.toISOString().slice(0, 10);
}

/** A percentage as an exact fraction: "2.5" is 25/10. Throws on anything but a non-negative decimal. */
export function percentageFraction(percentage: string): { numerator: bigint; denominator: bigint } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(percentage.trim());
  if (!match) throw new Error(`Not a percentage: ${percentage}`);
  const decimals = match[2] ?? "";
  return { numerator: BigInt(`${match[1]}${decimals}`), denominator: 10n ** BigInt(decimals.length) };
}

/** The incentive percentage from `from` on (a settings change). */
export interface RateChange {
  from: Date;
  percentage: string;
}

/** The percentage in force at `at`: the latest change at or before it (the earliest one when all are later). */
export function percentageAt(changes: readonly RateChange[], at: Date): string {
  if (changes.length === 0) throw new Error("No incentive percentage");
  const sorted = [...changes].sort((a, b) => a.from.getTime() - b.from.getTime());
  return (sorted.filter((change) => change.from.getTime() <= at.getTime()).at(-1) ?? sorted[0]!).percentage;
}

/** One stake event of a (wallet, node) position as the chain recorded it. */
export interface PositionEvent {
  kind: "stake" | "topup" | "unlock" | "unstake";
  /** The position's total once the event applied, wei. */
  totalAfter: bigint;
  at: Date;
}

/** A month's incentive of one position, or what makes it. */
export interface Accrual {
  /** Wei, rounded down once over the month. */
  token: bigint;
  /** Days in Stake at the day's end (the row exists only when there is at least one). */
  stakedDays: number;
  /** Staked days the node was active: the days that earn. */
  accruedDays: number;
  /** Inactive days of the node in the month (spec 3's inactiveCount). */
  inactiveCount: number;
  percentage: string;
}

/**
 * The monthly accrual rule (issue 11): for each day of `month` on which the position was in Stake at
 * the day's end (UTC) with a stake above 0 and the node was not inactive, the stake that day times the
 * percentage / 100 / days in the month. The percentage is the one in force at the month's end. Null
 * when the position was in Stake on no day of the month (no row); a month whose staked days were all
 * inactive gives a row of 0.
 */
export function accrueMonth({ month, events, inactiveDays, rates }: { month: Month; events: readonly PositionEvent[]; inactiveDays: ReadonlySet<string>; rates: readonly RateChange[] }): Accrual | null {
  const sorted = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  const days = daysOf(month);
  const start = monthStart(month).getTime();
  let next = 0;
  let staked = false;
  let amount = 0n;
  let stakedDays = 0;
  let accruedDays = 0;
  let sum = 0n;
  days.forEach((day, i) => {
    const dayEnd = start + (i + 1) * DAY_MS;
    for (; next < sorted.length && sorted[next]!.at.getTime() < dayEnd; next++) {
      const event = sorted[next]!;
      staked = event.kind === "stake" || event.kind === "topup";
      amount = staked ? event.totalAfter : 0n;
    }
    if (!staked || amount <= 0n) return;
    stakedDays++;
    if (inactiveDays.has(day)) return;
    accruedDays++;
    sum += amount;
  });
  if (stakedDays === 0) return null;
  const percentage = percentageAt(rates, new Date(start + days.length * DAY_MS - 1));
  const { numerator, denominator } = percentageFraction(percentage);
  const token = (sum * numerator) / (denominator * 100n * BigInt(days.length));
  const inactiveCount = days.filter((day) => inactiveDays.has(day)).length;
  return { token, stakedDays, accruedDays, inactiveCount, percentage };
}

/** Spec 2: only UnPaid rows whose token is above 0 have a box, and only they are paid. */
export const isPayable = (row: { status: IncentiveStatus; token: bigint | string }) => row.status === INCENTIVE_STATUS.unPaid && BigInt(row.token) > 0n;

/** Spec 5: a reward deposit must be above 0; its message, or null when it may be sent. */
export const depositAmountError = (amount: bigint | null) => (amount === null || amount <= 0n ? INCENTIVE_RULE_MESSAGES.depositNotPositive : null);

/** Spec 9's gas for a bulk payout transaction. */
export const PAYOUT_GAS = 2_100_000n;
/**
 * Entries in one payRewards call: an entry costs about 55,000 gas on StakingRewards when it pays a new
 * holder (a new paid-key slot, the pool update, the event and the token transfer), so 30 use about
 * 1.64 million and stay inside spec 9's 2,100,000 (the chain test pays a full batch with that gas).
 */
export const PAYOUT_BATCH_SIZE = 30;

/** The arguments of one payRewards call. */
export interface PayoutBatch<Id> {
  ids: Id[];
  wallets: string[];
  amounts: bigint[];
  dates: bigint[];
  nodes: string[];
  total: bigint;
}

/** Payable rows split into payRewards calls of at most `size` entries, in the given order. */
export function payoutBatches<Id>(rows: readonly { id: Id; wallet: string; node: string; date: string; token: bigint }[], size = PAYOUT_BATCH_SIZE): PayoutBatch<Id>[] {
  const batches: PayoutBatch<Id>[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const slice = rows.slice(start, start + size);
    batches.push({
      ids: slice.map((row) => row.id),
      wallets: slice.map((row) => row.wallet),
      amounts: slice.map((row) => row.token),
      dates: slice.map((row) => BigInt(dateKeyOf(row.date))),
      nodes: slice.map((row) => row.node),
      total: slice.reduce((sum, row) => sum + row.token, 0n),
    });
  }
  return batches;
}

/** Spec 8: refuse a payout before sending when the reward pool holds less than the selection's total. */
export const rewardPoolShort = (pool: bigint, total: bigint) => pool < total;

export const PAYOUT_HINT_MESSAGES = {
  payoutHintNotIndexed: "No payout with this hash has been indexed: it is unknown, or not yet mined and indexed",
  payoutHintPending: "This transaction is mined but not indexed yet: try again in a moment",
  payoutHintFailed: "This transaction failed on the chain: nothing was paid",
  payoutHintNoPayment: "This transaction paid no incentives",
} as const;

/**
 * Whether a payout hint is backed by the chain: the indexer has reward payments of the transaction.
 * Without any, `receipt` (the chain's, null when it has none) tells an unknown hash, a failed
 * transaction, one not indexed yet and one that paid nothing.
 */
export function decidePayoutHint(payments: number, receipt: HintReceipt | null): HintDecision {
  if (payments > 0) return { ok: true };
  if (receipt === null) return { ok: false, code: "notFound", reason: PAYOUT_HINT_MESSAGES.payoutHintNotIndexed };
  if (receipt.status === "reverted") return { ok: false, code: "conflict", reason: PAYOUT_HINT_MESSAGES.payoutHintFailed };
  return { ok: false, code: "conflict", reason: receipt.indexed ? PAYOUT_HINT_MESSAGES.payoutHintNoPayment : PAYOUT_HINT_MESSAGES.payoutHintPending };
}
