import { z } from "zod";
import { pliText } from "../shared/pli.ts";
import type { NewMail } from "./repository.ts";
import { ALERT_LABELS, isAlertKind, type MailKind } from "./rules.ts";

const pendingList = z.object({ count: z.number().int(), items: z.array(z.string()) });

/** What each kind of mail keeps of its event, checked again when it is read back to be sent. */
export const MAIL_DETAILS = {
  nodeInactive: z.object({ nodeName: z.string(), ipaddress: z.string(), day: z.string() }),
  nodeStatus: z.object({ nodeName: z.string(), from: z.string().nullable(), to: z.string(), notes: z.string() }),
  jobStatus: z.object({ jobName: z.string(), nodeName: z.string(), status: z.string(), jobStatus: z.string().nullable(), adminNotes: z.string() }),
  stakeUnlocked: z.object({ nodeName: z.string().nullable(), node: z.string(), amount: z.string(), txHash: z.string() }),
  ticketReply: z.object({ ticketNo: z.number().int(), subject: z.string(), reply: z.string() }),
  ticketOpened: z.object({ ticketNo: z.number().int(), subject: z.string(), message: z.string(), from: z.string(), nodeName: z.string().nullable() }),
  /** `tickets` is absent from digests recorded before open tickets were counted. */
  adminDigest: z.object({ day: z.string(), nodes: pendingList, jobs: pendingList, requests: pendingList, tickets: pendingList.default({ count: 0, items: [] }) }),
} satisfies Record<MailKind, z.ZodType>;
export type MailDetails = { [K in MailKind]: z.infer<(typeof MAIL_DETAILS)[K]> };

/** A mail to record, its details typed by its kind. */
export const mailOf = <K extends MailKind>(kind: K, eventKey: string, recipient: NewMail["recipient"], details: MailDetails[K]): NewMail => ({ kind, eventKey, recipient, details });

export interface MailContext {
  /** The portal's address (PUBLIC_URL). */
  publicUrl: string;
  /** The explorer's transaction URL prefix (EXPLORER_TX_URL). */
  explorerTxUrl: string;
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;

function body(kind: MailKind, details: MailDetails[MailKind], context: MailContext): { subject: string; lines: string[] } {
  switch (kind) {
    case "nodeInactive": {
      const d = details as MailDetails["nodeInactive"];
      return {
        subject: `Node ${d.nodeName} was inactive on ${d.day}`,
        lines: [`Your node ${d.nodeName} (${d.ipaddress}) answered fewer than half of the portal's checks on ${d.day} (UTC), so that day counts as inactive.`, "Inactive days lower the node's reputation and its incentive."],
      };
    }
    case "nodeStatus": {
      const d = details as MailDetails["nodeStatus"];
      return {
        subject: `Node ${d.nodeName}: status ${d.to}`,
        lines: [`An admin changed the status of your node ${d.nodeName}${d.from ? ` from ${d.from}` : ""} to ${d.to}.`, ...(d.notes ? ["", "Admin notes:", d.notes] : [])],
      };
    }
    case "jobStatus": {
      const d = details as MailDetails["jobStatus"];
      return {
        subject: `Job ${d.jobName}: ${d.status}${d.jobStatus ? `, ${d.jobStatus}` : ""}`,
        lines: [
          `An admin reviewed your job ${d.jobName} on node ${d.nodeName}.`,
          `Status: ${d.status}`,
          ...(d.jobStatus ? [`Job status: ${d.jobStatus}`] : []),
          ...(d.adminNotes ? ["", "Admin notes:", d.adminNotes] : []),
        ],
      };
    }
    case "stakeUnlocked": {
      const d = details as MailDetails["stakeUnlocked"];
      const name = d.nodeName ?? d.node;
      return {
        subject: `Stake unlocked on node ${name}`,
        lines: [`Your stake of ${pliText(BigInt(d.amount))} PLI on node ${name} is unlocked: you can withdraw it on the portal.`, "", `Transaction: ${context.explorerTxUrl}${d.txHash}`],
      };
    }
    case "ticketReply": {
      const d = details as MailDetails["ticketReply"];
      return { subject: `Reply to your ticket #${d.ticketNo}: ${d.subject}`, lines: [`Support replied to your ticket #${d.ticketNo} "${d.subject}":`, "", d.reply, "", "Read and answer it under Support Tickets on the portal."] };
    }
    case "ticketOpened": {
      const d = details as MailDetails["ticketOpened"];
      return {
        subject: `New ticket #${d.ticketNo}: ${d.subject}`,
        lines: [`${d.from} opened ticket #${d.ticketNo} "${d.subject}"${d.nodeName ? ` about node ${d.nodeName}` : ""}:`, "", d.message, "", "Answer it under Tickets in the admin console."],
      };
    }
    case "adminDigest": {
      const d = details as MailDetails["adminDigest"];
      const section = (title: string, list: z.infer<typeof pendingList>) =>
        list.count === 0 ? [] : ["", `${title} (${list.count}):`, ...list.items.map((item) => `- ${item}`), ...(list.count > list.items.length ? [`- and ${list.count - list.items.length} more`] : [])];
      return {
        subject: `Pending on ${d.day}: ${plural(d.nodes.count, "node request")}, ${plural(d.jobs.count, "job request")}, ${plural(d.requests.count, "interest request")}, ${plural(d.tickets.count, "open ticket")}`,
        lines: [
          `These are waiting for an admin on ${d.day}:`,
          ...section("Node requests", d.nodes),
          ...section("Job requests", d.jobs),
          ...section("Interest requests", d.requests),
          ...section("Open tickets", d.tickets),
        ],
      };
    }
  }
}

/** The subject and text of a recorded mail; throws when its details are not of its kind. */
export function composeMail(kind: MailKind, details: unknown, context: MailContext): { subject: string; text: string } {
  const parsed = MAIL_DETAILS[kind].parse(details);
  const { subject, lines } = body(kind, parsed, context);
  const footer = isAlertKind(kind) ? ["", `Portal: ${context.publicUrl}`, `You receive this because "${ALERT_LABELS[kind].label}" alerts are on in your profile; you can turn them off there.`] : ["", `Portal: ${context.publicUrl}`];
  return { subject, text: [...lines, ...footer].join("\n") };
}
