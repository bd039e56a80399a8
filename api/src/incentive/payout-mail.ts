import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import type { Mail, Mailer } from "../mail/mailer.ts";
import type { ScheduledJob } from "../scheduler/scheduler.ts";
import { csvDate } from "../shared/csv.ts";
import { pliText } from "../shared/pli.ts";
import { matchPayments } from "./payments.ts";

/** Mails sent per run; the rest wait for the next run. */
const BATCH = 50;
/** A mail whose sending failed this often is given up (its last error is kept). */
const MAX_ATTEMPTS = 5;

export interface PayoutMailDeps {
  db: Db;
  mailer: Mailer;
  /** The explorer's transaction URL prefix (EXPLORER_TX_URL). */
  explorerTxUrl: string;
  log: (line: string) => void;
}

interface PaidRow {
  date: string;
  node: string;
  token: string;
  paid_amount: string | null;
  paid_at: Date | null;
}

/** The mail to an operator for one payout transaction, listing each incentive it paid them. */
export function payoutMail(to: string, txHash: string, rows: PaidRow[], explorerTxUrl: string): Mail {
  const total = rows.reduce((sum, row) => sum + BigInt(row.paid_amount ?? row.token), 0n);
  const lines = rows.map((row) => `- ${row.date}: ${pliText(BigInt(row.paid_amount ?? row.token))} PLI for node ${row.node}`);
  return {
    to,
    subject: `PLI incentive paid: ${pliText(total)} PLI`,
    text: [
      `Your incentives have been paid on ${csvDate(rows[0]?.paid_at ?? null) ?? "the chain"}, ${pliText(total)} PLI in total:`,
      "",
      ...lines,
      "",
      `Transaction: ${explorerTxUrl}${txHash}`,
    ].join("\n"),
  };
}

/**
 * Sends the payout mails the matcher recorded: one per (transaction, operator wallet), listing the
 * rows it paid. A mail is claimed before it is sent and marked sent after, so it never goes twice: a
 * send that fails is released for a later run (up to MAX_ATTEMPTS), one interrupted while sending
 * stays claimed and is not sent again. A wallet without an operator email is marked done unsent.
 */
export async function sendPayoutMails(deps: PayoutMailDeps): Promise<{ sent: number; failed: number; noEmail: number }> {
  const { db } = deps;
  const claimed = await sql<{ tx_hash: string; wallet: string }>`
    UPDATE app.incentive_payout_mail AS m SET claimed_at = now(), attempts = m.attempts + 1
    WHERE (m.tx_hash, m.wallet) IN (
      SELECT tx_hash, wallet FROM app.incentive_payout_mail
      WHERE sent_at IS NULL AND claimed_at IS NULL AND attempts < ${MAX_ATTEMPTS}
      ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
    )
    RETURNING m.tx_hash, m.wallet
  `.execute(db);
  const result = { sent: 0, failed: 0, noEmail: 0 };
  for (const { tx_hash: txHash, wallet } of claimed.rows) {
    const done = (error: string | null) =>
      db.updateTable("app.incentive_payout_mail").set({ sent_at: sql`now()`, last_error: error }).where("tx_hash", "=", txHash).where("wallet", "=", wallet).execute();
    const [operator, rows] = await Promise.all([
      db.selectFrom("app.operator").select("email").where("wallet_address", "=", wallet).executeTakeFirst(),
      db
        .selectFrom("app.incentive")
        .select([sql<string>`date::text`.as("date"), "node", "token", "paid_amount", "paid_at"])
        .where("wallet", "=", wallet)
        .where("paid_tx", "=", txHash)
        .orderBy("date")
        .orderBy("node")
        .execute(),
    ]);
    if (!operator?.email || rows.length === 0) {
      await done(operator?.email ? "no incentive of this payout is left" : "the operator has no email");
      result.noEmail++;
      continue;
    }
    try {
      await deps.mailer.send(payoutMail(operator.email, txHash, rows, deps.explorerTxUrl));
      await done(null);
      result.sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db.updateTable("app.incentive_payout_mail").set({ claimed_at: null, last_error: message }).where("tx_hash", "=", txHash).where("wallet", "=", wallet).execute();
      deps.log(`incentives: payout mail for ${txHash} to ${wallet} failed: ${message}`);
      result.failed++;
    }
  }
  return result;
}

/** Matches the payments indexed so far and sends the mails due: after each indexed block, and every minute as a fallback. */
export async function settlePayouts(deps: PayoutMailDeps, now: Date = new Date()) {
  const matched = await matchPayments(deps.db, now);
  const mails = await sendPayoutMails(deps);
  return { matched, mails };
}

export function payoutSettlementJob(deps: PayoutMailDeps): ScheduledJob {
  return {
    name: "incentive-payouts",
    cron: "* * * * *",
    expireInSeconds: 5 * 60,
    async run() {
      await settlePayouts(deps);
    },
  };
}
