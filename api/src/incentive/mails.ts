import { sql } from "kysely";
import { z } from "zod";
import type { Db } from "../db/database.ts";
import { mailTemplate } from "../mail/index.ts";
import { csvDate } from "../shared/csv.ts";
import { pliText } from "../shared/pli.ts";

/** The incentives a payout transaction paid to a wallet, as they stand when its mail is sent. */
function paidBy(db: Db, wallet: string, txHash: string) {
  return db
    .selectFrom("app.incentive")
    .select([sql<string>`date::text`.as("date"), "node", "token", "paid_amount", "paid_at"])
    .where("wallet", "=", wallet)
    .where("paid_tx", "=", txHash)
    .orderBy("date")
    .orderBy("node")
    .execute();
}

/**
 * The payout notice: one per (transaction, operator wallet), recorded by the payment matcher, listing
 * each incentive the transaction paid them.
 */
export const INCENTIVE_MAILS = {
  incentivePaid: mailTemplate({
    details: z.object({ txHash: z.string(), wallet: z.string() }),
    async compose({ txHash, wallet }, { db, explorerTxUrl }) {
      const rows = await paidBy(db, wallet, txHash);
      if (rows.length === 0) return { nothingToSend: "no incentive of this payout is left" };
      const total = rows.reduce((sum, row) => sum + BigInt(row.paid_amount ?? row.token), 0n);
      const lines = rows.map(
        (row) => `- ${row.date}: ${pliText(BigInt(row.paid_amount ?? row.token))} PLI for node ${row.node}`,
      );
      return {
        subject: `PLI incentive paid: ${pliText(total)} PLI`,
        text: [
          `Your incentives have been paid on ${csvDate(rows[0]?.paid_at ?? null) ?? "the chain"}, ${pliText(total)} PLI in total:`,
          "",
          ...lines,
          "",
          `Transaction: ${explorerTxUrl}${txHash}`,
        ].join("\n"),
      };
    },
  }),
};

type IncentiveMails = typeof INCENTIVE_MAILS;
declare module "../mail/template.ts" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges this feature's kinds into the list
  interface MailTemplates extends IncentiveMails {}
}
