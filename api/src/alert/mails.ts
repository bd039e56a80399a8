import { z } from "zod";
import { mailTemplate, portalMailText, type MailContext, type MailTemplate } from "../mail/index.ts";
import { pliText } from "../shared/pli.ts";
import { alertTurnedOff } from "./repository.ts";
import { ALERT_KIND, ALERT_LABELS, type AlertKind } from "./rules.ts";

/**
 * An alert an operator may turn off on their profile: the mail says so under its text, and is not
 * sent while the kind is off.
 */
export function alertMail<Details extends z.ZodType>(
  kind: AlertKind,
  details: Details,
  compose: (details: z.output<Details>, context: MailContext) => { subject: string; lines: string[] },
): MailTemplate<Details> {
  return mailTemplate({
    details,
    compose(parsed, context) {
      const { subject, lines } = compose(parsed, context);
      return {
        subject,
        text: portalMailText(
          lines,
          context,
          `You receive this because "${ALERT_LABELS[kind].label}" alerts are on in your profile; you can turn them off there.`,
        ),
      };
    },
    turnedOff: (db, operatorId) => alertTurnedOff(db, operatorId, kind),
  });
}

const pendingList = z.object({ count: z.number().int(), items: z.array(z.string()) });
type PendingList = z.infer<typeof pendingList>;
/** What waits for an admin on a day; `tickets` is absent from digests recorded before open tickets were counted. */
const adminDigest = z.object({
  day: z.string(),
  nodes: pendingList,
  jobs: pendingList,
  requests: pendingList,
  tickets: pendingList.default({ count: 0, items: [] }),
});
export type AdminDigest = z.infer<typeof adminDigest>;

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;
const section = (title: string, list: PendingList) =>
  list.count === 0
    ? []
    : [
        "",
        `${title} (${list.count}):`,
        ...list.items.map((item) => `- ${item}`),
        ...(list.count > list.items.length ? [`- and ${list.count - list.items.length} more`] : []),
      ];

/** The mails of this feature: the stake unlock found on the chain, and the admins' daily digest. */
export const ALERT_MAILS = {
  [ALERT_KIND.stakeUnlocked]: alertMail(
    ALERT_KIND.stakeUnlocked,
    z.object({ nodeName: z.string().nullable(), node: z.string(), amount: z.string(), txHash: z.string() }),
    (d, context) => {
      const name = d.nodeName ?? d.node;
      return {
        subject: `Stake unlocked on node ${name}`,
        lines: [
          `Your stake of ${pliText(BigInt(d.amount))} PLI on node ${name} is unlocked: you can withdraw it on the portal.`,
          "",
          `Transaction: ${context.explorerTxUrl}${d.txHash}`,
        ],
      };
    },
  ),
  adminDigest: mailTemplate({
    details: adminDigest,
    compose: (d, context) => ({
      subject: `Pending on ${d.day}: ${plural(d.nodes.count, "node request")}, ${plural(d.jobs.count, "job request")}, ${plural(d.requests.count, "interest request")}, ${plural(d.tickets.count, "open ticket")}`,
      text: portalMailText(
        [
          `These are waiting for an admin on ${d.day}:`,
          ...section("Node requests", d.nodes),
          ...section("Job requests", d.jobs),
          ...section("Interest requests", d.requests),
          ...section("Open tickets", d.tickets),
        ],
        context,
      ),
    }),
  }),
};

type AlertMails = typeof ALERT_MAILS;
declare module "../mail/template.ts" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges this feature's kinds into the list
  interface MailTemplates extends AlertMails {}
}
