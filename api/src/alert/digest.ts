import { JOB_STATUS, NODE_STATUS, STAKE_REQUEST_STATUS, TICKET_STATUS } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import { utcDay } from "../node-monitor/index.ts";
import { mailOf, recordMails } from "../mail/index.ts";
import type { AdminDigest } from "./mails.ts";
import { DIGEST_LISTED } from "./rules.ts";

/**
 * What waits for an admin: pending node requests, job requests and interest requests, and tickets
 * waiting for support's answer (Open), oldest first.
 */
export async function pendingReviews(db: Db): Promise<Omit<AdminDigest, "day">> {
  const owner = (email: string | null) => email ?? "no email";
  const [nodes, jobs, requests, tickets, counts] = await Promise.all([
    db
      .selectFrom("app.node as n")
      .leftJoin("app.operator as o", "o.id", "n.operator_id")
      .select(["n.name", "n.ipaddress", "o.email"])
      .where("n.status", "=", NODE_STATUS.pending)
      .orderBy("n.created_at")
      .limit(DIGEST_LISTED)
      .execute(),
    db
      .selectFrom("app.job as j")
      .innerJoin("app.node as n", "n.id", "j.node_id")
      .leftJoin("app.operator as o", "o.id", "j.operator_id")
      .select(["j.name", "n.name as node_name", "o.email"])
      .where("j.status", "=", JOB_STATUS.pending)
      .orderBy("j.created_at")
      .limit(DIGEST_LISTED)
      .execute(),
    db
      .selectFrom("app.stake_request as r")
      .innerJoin("app.node as n", "n.id", "r.node_id")
      .leftJoin("app.operator as o", "o.id", "r.operator_id")
      .select(["n.name as node_name", "o.email"])
      .where("r.status", "=", STAKE_REQUEST_STATUS.pending)
      .orderBy("r.created_at")
      .limit(DIGEST_LISTED)
      .execute(),
    db
      .selectFrom("app.ticket as t")
      .innerJoin("app.operator as o", "o.id", "t.operator_id")
      .select(["t.ticket_no", "t.subject", "o.email"])
      .where("t.status", "=", TICKET_STATUS.open)
      .orderBy("t.updated_at")
      .limit(DIGEST_LISTED)
      .execute(),
    db
      .selectNoFrom((eb) => [
        eb
          .selectFrom("app.node")
          .select((e) => e.fn.countAll<string>().as("n"))
          .where("status", "=", NODE_STATUS.pending)
          .as("nodes"),
        eb
          .selectFrom("app.job")
          .select((e) => e.fn.countAll<string>().as("n"))
          .where("status", "=", JOB_STATUS.pending)
          .as("jobs"),
        eb
          .selectFrom("app.stake_request")
          .select((e) => e.fn.countAll<string>().as("n"))
          .where("status", "=", STAKE_REQUEST_STATUS.pending)
          .as("requests"),
        eb
          .selectFrom("app.ticket")
          .select((e) => e.fn.countAll<string>().as("n"))
          .where("status", "=", TICKET_STATUS.open)
          .as("tickets"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    nodes: { count: Number(counts.nodes), items: nodes.map((n) => `${n.name} (${n.ipaddress}) of ${owner(n.email)}`) },
    jobs: {
      count: Number(counts.jobs),
      items: jobs.map((j) => `${j.name} on node ${j.node_name} of ${owner(j.email)}`),
    },
    requests: {
      count: Number(counts.requests),
      items: requests.map((r) => `node ${r.node_name} of ${owner(r.email)}`),
    },
    tickets: {
      count: Number(counts.tickets),
      items: tickets.map((t) => `#${t.ticket_no} ${t.subject} from ${owner(t.email)}`),
    },
  };
}

/**
 * Records the day's digest for every admin not disabled: one mail per admin per UTC day (keyed by admin and day),
 * none when nothing is pending and no ticket is open. Answers how many were new.
 */
export async function recordAdminDigests(db: Db, now: Date): Promise<number> {
  const pending = await pendingReviews(db);
  if (pending.nodes.count + pending.jobs.count + pending.requests.count + pending.tickets.count === 0) return 0;
  const day = utcDay(now);
  const admins = await db.selectFrom("app.admin").select("id").where("disabled_at", "is", null).execute();
  return recordMails(
    db,
    admins.map((admin) =>
      mailOf("adminDigest", `${admin.id}:${day}`, { type: "admin", id: admin.id }, { day, ...pending }),
    ),
  );
}
