import { sql, type Selectable } from "kysely";
import { USER_TYPE, type UserType } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import { containsPattern, pageOf } from "../shared/list.ts";
import type { TicketStatus } from "./rules.ts";
import type { TicketMessage, TicketResponse } from "./schema.ts";
import type { TicketMessageTable, TicketTable } from "./table.ts";

export type TicketRow = Selectable<TicketTable> & {
  owner_email: string | null;
  wallet_address: string;
  node_name: string | null;
  message_count: number;
  last_author: UserType;
};

const ticketsWithOwner = (db: Db) =>
  db
    .selectFrom("app.ticket as t")
    .innerJoin("app.operator as o", "o.id", "t.operator_id")
    .leftJoin("app.node as n", "n.id", "t.node_id");

const withTicketColumns = (query: ReturnType<typeof ticketsWithOwner>) =>
  query
    .selectAll("t")
    .select([
      "o.email as owner_email",
      "o.wallet_address",
      "n.name as node_name",
      sql<number>`(SELECT count(*)::int FROM app.ticket_message AS m WHERE m.ticket_id = t.id)`.as("message_count"),
      sql<UserType>`(SELECT m.author_type FROM app.ticket_message AS m WHERE m.ticket_id = t.id ORDER BY m.created_at DESC, m.id LIMIT 1)`.as(
        "last_author",
      ),
    ]);

export interface TicketFilter {
  q: string;
  status?: TicketStatus | undefined;
  /** An operator's id: only their tickets. Absent for an admin. */
  ownerId?: string | undefined;
}

/** Tickets whose subject, number (#12 or 12), owner's email or wallet, or node name contains `q`. */
function ticketsMatching(db: Db, { q, status, ownerId }: TicketFilter) {
  let query = ticketsWithOwner(db);
  if (ownerId) query = query.where("t.operator_id", "=", ownerId);
  if (status) query = query.where("t.status", "=", status);
  if (!q) return query;
  const pattern = containsPattern(q);
  const number = /^#?\d{1,15}$/.test(q) ? BigInt(q.replace("#", "")) : null;
  return query.where((eb) =>
    eb.or([
      eb("t.subject", "ilike", pattern),
      eb("o.email", "ilike", pattern),
      eb("o.wallet_address", "ilike", pattern),
      eb("n.name", "ilike", pattern),
      ...(number === null ? [] : [eb("t.ticket_no", "=", number)]),
    ]),
  );
}

/** A page of tickets, latest activity first. */
export const listTickets = (db: Db, params: TicketFilter & { page: number; limit: number }) =>
  pageOf(
    ticketsMatching(db, params),
    (query) => withTicketColumns(query).orderBy("t.updated_at", "desc").orderBy("t.id"),
    params,
  );

/** One ticket; undefined when absent or, with `ownerId`, not that operator's. */
export function findTicket(db: Db, id: string, ownerId?: string) {
  let query = withTicketColumns(ticketsWithOwner(db)).where("t.id", "=", id);
  if (ownerId) query = query.where("t.operator_id", "=", ownerId);
  return query.executeTakeFirst();
}

/** The ticket's row held until `tx` ends; undefined when absent or, with `ownerId`, not that operator's. */
export function lockTicket(tx: Db, id: string, ownerId?: string) {
  let query = tx.selectFrom("app.ticket").selectAll().where("id", "=", id).forUpdate();
  if (ownerId) query = query.where("operator_id", "=", ownerId);
  return query.executeTakeFirst();
}

/** A ticket's thread, oldest first, with the name of each admin who wrote in it. */
export const threadOf = (db: Db, ticketId: string) =>
  db
    .selectFrom("app.ticket_message as m")
    .leftJoin("app.admin as a", (join) =>
      join.onRef("a.id", "=", "m.author_id").on("m.author_type", "=", USER_TYPE.admin),
    )
    .selectAll("m")
    .select("a.name as admin_name")
    .where("m.ticket_id", "=", ticketId)
    .orderBy("m.created_at")
    .orderBy("m.id")
    .execute();

export const insertTicket = (tx: Db, values: { operatorId: string; nodeId: string | null; subject: string }) =>
  tx
    .insertInto("app.ticket")
    .values({ operator_id: values.operatorId, node_id: values.nodeId, subject: values.subject })
    .returning(["id", "ticket_no"])
    .executeTakeFirstOrThrow();

/** Who opened a ticket, as admins know them (email, else wallet), and the name of the node it is about. */
export async function ticketOrigin(
  db: Db,
  operatorId: string,
  nodeId: string | null,
): Promise<{ from: string; nodeName: string | null }> {
  const [operator, node] = await Promise.all([
    db
      .selectFrom("app.operator")
      .select(["email", "wallet_address"])
      .where("id", "=", operatorId)
      .executeTakeFirstOrThrow(),
    nodeId ? db.selectFrom("app.node").select("name").where("id", "=", nodeId).executeTakeFirst() : undefined,
  ]);
  return { from: operator.email ?? operator.wallet_address, nodeName: node?.name ?? null };
}

/** How many messages the ticket holds, its first included. */
export const countMessages = async (tx: Db, ticketId: string) =>
  Number(
    (
      await tx
        .selectFrom("app.ticket_message")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("ticket_id", "=", ticketId)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const insertMessage = (
  tx: Db,
  values: { ticketId: string; author: { type: UserType; id: string }; body: string },
) =>
  tx
    .insertInto("app.ticket_message")
    .values({
      ticket_id: values.ticketId,
      author_type: values.author.type,
      author_id: values.author.id,
      body: values.body,
    })
    .returning(["id"])
    .executeTakeFirstOrThrow();

export const setTicketStatus = (tx: Db, id: string, status: TicketStatus, closed = false) =>
  tx
    .updateTable("app.ticket")
    .set({ status, updated_at: sql`now()`, ...(closed ? { closed_at: sql`now()` } : {}) })
    .where("id", "=", id)
    .execute();

/** Whether the operator owns the node. */
export const ownsNode = async (db: Db, operatorId: string, nodeId: string) =>
  Boolean(
    await db
      .selectFrom("app.node")
      .select("id")
      .where("id", "=", nodeId)
      .where("operator_id", "=", operatorId)
      .executeTakeFirst(),
  );

export function toTicketResponse(row: TicketRow): TicketResponse {
  return {
    _id: row.id,
    ticketNo: Number(row.ticket_no),
    subject: row.subject,
    status: row.status,
    node: row.node_id && row.node_name !== null ? { _id: row.node_id, name: row.node_name } : null,
    user: { _id: row.operator_id, email: row.owner_email ?? "", walletAddress: row.wallet_address },
    messageCount: row.message_count,
    lastReplyBy: row.last_author,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
  };
}

/** A message as answered; admins see which admin wrote a reply, operators do not. */
export function toTicketMessage(
  row: Selectable<TicketMessageTable> & { admin_name: string | null },
  { forAdmin }: { forAdmin: boolean },
): TicketMessage {
  return {
    _id: row.id,
    authorType: row.author_type,
    authorName: forAdmin ? (row.admin_name ?? "") : "",
    body: row.body,
    createdAt: row.created_at.toISOString(),
  };
}
