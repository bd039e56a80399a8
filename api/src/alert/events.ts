import { randomUUID } from "node:crypto";
import { NODE_STATUS } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import { mailOf, recordMails } from "../mail/outbox.ts";
import { ALERT_KIND, INACTIVE_ALERT_MAX_AGE_DAYS, nodeStatusAlertDue } from "./rules.ts";

/**
 * The operator alerts recorded by the transaction that makes their event: each function takes that
 * transaction, so the mail exists exactly when the change does.
 */

export interface NodeStatusChange {
  /** The node status history row of the change. */
  historyId: string;
  node: { operator_id: string; name: string; status: string; admin_notes: string };
  to: string;
  /** The node's notes after the change. */
  notes: string;
}

/** An admin changed a node's status (or returned it again with other notes): its operator is told. */
export async function recordNodeStatusAlert(tx: Db, { historyId, node, to, notes }: NodeStatusChange) {
  if (!nodeStatusAlertDue({ from: node.status, to, notesBefore: node.admin_notes, notesAfter: notes })) return 0;
  return recordMails(tx, [
    mailOf(
      ALERT_KIND.nodeStatus,
      historyId,
      { type: "user", id: node.operator_id },
      { nodeName: node.name, from: node.status, to, notes: to === NODE_STATUS.return ? notes : "" },
    ),
  ]);
}

export interface JobStatusChange {
  job: {
    id: string;
    operator_id: string;
    node_id: string;
    name: string;
    status: string;
    job_status: string | null;
    admin_notes: string;
  };
  after: { status: string; jobStatus: string | null; adminNotes: string };
}

/** An admin changed a job's status or job status: its operator is told, with the admin's notes. */
export async function recordJobStatusAlert(tx: Db, { job, after }: JobStatusChange) {
  if (job.status === after.status && job.job_status === after.jobStatus) return 0;
  const node = await tx.selectFrom("app.node").select("name").where("id", "=", job.node_id).executeTakeFirst();
  const eventKey = `${job.id}:${randomUUID()}`;
  return recordMails(tx, [
    mailOf(
      ALERT_KIND.jobStatus,
      eventKey,
      { type: "user", id: job.operator_id },
      {
        jobName: job.name,
        nodeName: node?.name ?? "",
        status: after.status,
        jobStatus: after.jobStatus,
        adminNotes: after.adminNotes,
      },
    ),
  ]);
}

/**
 * Days the node monitor has just marked inactive: each (node, day) found within
 * INACTIVE_ALERT_MAX_AGE_DAYS of `today` tells the node's operator; older days a monitor catches up on are not mailed.
 */
export async function recordInactiveDayAlerts(tx: Db, marked: { node_id: string; day: string }[], today: string) {
  if (marked.length === 0) return 0;
  const oldest = new Date(Date.parse(`${today}T00:00:00Z`) - INACTIVE_ALERT_MAX_AGE_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const recent = marked.filter((row) => row.day >= oldest);
  if (recent.length === 0) return 0;
  const nodes = await tx
    .selectFrom("app.node")
    .select(["id", "operator_id", "name", "ipaddress"])
    .where("id", "in", [...new Set(recent.map((row) => row.node_id))])
    .execute();
  const byId = new Map(nodes.map((node) => [node.id, node]));
  return recordMails(
    tx,
    recent.flatMap((row) => {
      const node = byId.get(row.node_id);
      return node
        ? [
            mailOf(
              ALERT_KIND.nodeInactive,
              `${row.node_id}:${row.day}`,
              { type: "user", id: node.operator_id },
              { nodeName: node.name, ipaddress: node.ipaddress, day: row.day },
            ),
          ]
        : [];
    }),
  );
}
