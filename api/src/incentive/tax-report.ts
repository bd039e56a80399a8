import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { keptPriceAt, roundOfKept, usdPerPli, usdText } from "../price/index.ts";
import { dayRangeBounds } from "../shared/date-range.ts";
import { rowsOf } from "../shared/list.ts";
import { AppError } from "../shared/errors.ts";
import { pliText } from "../shared/pli.ts";
import { INCENTIVE_MESSAGES } from "./schema.ts";

/** The tax report's columns: one row per reward payment and per stake event. */
export const TAX_REPORT_COLUMNS = [
  "Date (UTC)",
  "Kind",
  "Wallet Address",
  "Node Name",
  "Node Address",
  "Token (PLI)",
  "PLI/USD",
  "USD",
  "Txn Hash",
];

/** The Kind cell of each row: a reward payment, or the stake event's kind. */
const KIND_LABELS = {
  payment: "Reward payment",
  stake: "Stake",
  topup: "Top-up",
  unlock: "Unlock",
  unstake: "Unstake",
} as const;

/** The report's file name: its first and last day and the price feed its USD comes from. */
export const taxReportFileName = (range: { from: string; to: string }, feed: string) =>
  `tax-report_${range.from}_${range.to}_feed-${feed.toLowerCase()}.csv`;

/**
 * Every reward payment and stake event of `wallet` (everybody's when undefined) in the range's UTC days, oldest first,
 * each with the price feed's round kept for its block (chain.feed_price). Streamed from a cursor.
 */
export function taxReportRows(db: Db, filter: { from: string; to: string; wallet?: string | undefined }) {
  const { start, end } = dayRangeBounds(filter);
  let payments = db
    .selectFrom("chain.reward_payment as r")
    .select([
      sql<keyof typeof KIND_LABELS>`'payment'`.as("kind"),
      "r.wallet",
      "r.node",
      "r.amount",
      "r.tx_hash",
      "r.block_number",
      "r.block_time",
      "r.log_index",
    ])
    .where("r.block_time", ">=", start!)
    .where("r.block_time", "<", end!);
  let events = db
    .selectFrom("chain.stake_event as e")
    .select([
      sql<keyof typeof KIND_LABELS>`e.kind::text`.as("kind"),
      "e.wallet",
      "e.node",
      "e.amount",
      "e.tx_hash",
      "e.block_number",
      "e.block_time",
      "e.log_index",
    ])
    .where("e.block_time", ">=", start!)
    .where("e.block_time", "<", end!);
  if (filter.wallet) {
    payments = payments.where("r.wallet", "=", filter.wallet);
    events = events.where("e.wallet", "=", filter.wallet);
  }
  return rowsOf(
    db
      .selectFrom(payments.unionAll(events).as("t"))
      .selectAll("t")
      .select((eb) => [
        eb
          .selectFrom("app.node as n")
          .select("n.name")
          .whereRef("n.node_address", "=", "t.node")
          .limit(1)
          .$castTo<string | null>()
          .as("node_name"),
        keptPriceAt(sql.ref<bigint>("t.block_number")).as("kept_price"),
      ])
      .orderBy("t.block_number")
      .orderBy("t.log_index"),
  );
}

type TaxReportRow = ReturnType<typeof taxReportRows> extends AsyncGenerator<infer Row> ? Row : never;

/**
 * A row's cells: the PLI amount wei-exact as the spec's export writes it, the price as the feed's exact decimal and
 * the USD to the cent (half up, price/rules.ts); both empty when no round was kept for the block.
 */
export function taxReportCells(row: TaxReportRow): (string | null)[] {
  const round = row.kept_price ? roundOfKept(row.kept_price) : null;
  const amount = BigInt(row.amount);
  return [
    row.block_time.toISOString(),
    KIND_LABELS[row.kind],
    row.wallet,
    row.node_name,
    row.node,
    pliText(amount),
    round ? usdPerPli(round) : null,
    round ? usdText(amount, round) : null,
    row.tx_hash,
  ];
}

/**
 * The accounts with a tax report downloading on this API instance: one at a time each, as each holds a connection of
 * this instance's pool until it ends, so one account cannot take the pool by asking many times.
 */
export const taxReportDownloads = {
  accounts: new Set<string>(),
  /** Takes the account's one download, answering 409 while another is running; gives back its release. */
  claim(account: string): () => void {
    if (this.accounts.has(account)) throw new AppError("conflict", INCENTIVE_MESSAGES.taxReportBusy);
    this.accounts.add(account);
    let released = false;
    return () => {
      if (!released) this.accounts.delete(account);
      released = true;
    };
  },
};
