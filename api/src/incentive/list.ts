import { dayRangeBounds, type DayRange } from "../shared/date-range.ts";
import { sql, type RawBuilder } from "kysely";
import type { Db } from "../db/database.ts";
import { preparedQuery } from "../shared/prepared-query.ts";
import { dueCutoff } from "./calendar.ts";
import { incentives, newestFirst, searchOf, withRelations, type IncentiveRow } from "./repository.ts";
import { INCENTIVE_STATUS } from "../public-contract/domain.ts";
import { INCENTIVE_DUE, type IncentiveListStatus, type IncentiveStatus } from "./rules.ts";

/**
 * The due rows of `table` (an incentive table or its alias): payable (UnPaid with a token above 0, as isPayable says:
 * a month of inactive days only accrues a row of 0, which is never paid) and dated on or before `dueBy` (dueCutoff), so
 * their payment date has come. The admin list's `status=due`, its count and the admin's queue count the same rows.
 */
export const dueCondition = (table: string, dueBy: string | RawBuilder<unknown>) =>
  sql<boolean>`${sql.ref(`${table}.status`)} = ${sql.lit(INCENTIVE_STATUS.unPaid)} AND ${sql.ref(`${table}.token`)} > 0
    AND ${sql.ref(`${table}.date`)} <= ${dueBy}::date`;

/**
 * Who and what: everybody's or one wallet's rows (`own`), by status, by 0x prefix, and only the unpaid ones whose
 * payment date has come (`due`); one prepared statement per combination.
 */
type Shape = `${"own" | "all"}${"" | "+status"}${"" | "+hex"}${"" | "+due"}`;

interface Values {
  wallet?: string;
  status?: IncentiveStatus;
  pattern?: string;
  /** The latest date an unpaid incentive may have to be due (see dueCutoff). */
  dueBy?: string;
}

/**
 * The rows of a shape: one wallet's through its index, one status's through its partial index in list order, a prefix
 * of wallet, node or payout hash, the due ones by date. The values go as parameters, or as literals in the SQL text
 * (`literal`) for a statement that takes none (COPY).
 */
function matching(db: Db, shape: Shape, v: Values, literal = false) {
  const value = (text: string) => (literal ? sql.lit(text) : text);
  let query = incentives(db);
  if (shape.startsWith("own")) query = query.where("i.wallet", "=", value(v.wallet!));
  if (shape.includes("+status")) query = query.where("i.status", "=", literal ? sql.lit(v.status!) : v.status!);
  if (shape.includes("+hex"))
    query = query.where((eb) =>
      eb.or([
        eb("i.wallet", "like", value(v.pattern!)),
        eb("i.node", "like", value(v.pattern!)),
        eb("i.paid_tx", "like", value(v.pattern!)),
      ]),
    );
  if (shape.includes("+due")) query = query.where(dueCondition("i", value(v.dueBy!)));
  return query;
}

/**
 * The shape's total: the kept counts for everybody's unsearched or by-status list, else counted through the filter's
 * index.
 */
function total(db: Db, shape: Shape, v: Values) {
  if (shape === "all")
    return sql<string>`(SELECT coalesce(sum(g.count), 0)::text FROM app.incentive_status_count AS g)`;
  if (shape === "all+status")
    return sql<string>`(SELECT coalesce(sum(g.count), 0)::text FROM app.incentive_status_count AS g WHERE g.status = ${v.status})`;
  return sql<string>`(${matching(db, shape, v).select((eb) => eb.fn.countAll<string>().as("n"))})::text`;
}

interface Window {
  limit: number;
  offset: number;
}

/** A page, newest date first, with the shape's total on each row: built and compiled once per shape. */
const pageOfShape = preparedQuery((db: Db, shape: Shape, v: Values & Window) =>
  withRelations(newestFirst(matching(db, shape, v)))
    .select(total(db, shape, v).as("total"))
    .limit(v.limit)
    .offset(v.offset),
);

/** The total alone, for a page past the end. */
const totalOfShape = preparedQuery(
  (db: Db, shape: Shape, v: Values) => sql<{ total: string }>`SELECT ${total(db, shape, v)} AS total`,
);

/**
 * The shape and values of a filter: the operator's own (`wallet`) or everybody's, `q` by status label or 0x prefix
 * (see searchOf), `status` one status or the due ones (unpaid, payment date come by `now`); null when nothing can
 * match (`q` names no status, or none that `status` allows).
 */
function shapeOf({ wallet, q, status: only, now = new Date() }: ListFilter): { shape: Shape; values: Values } | null {
  const { statuses, hexPrefix } = searchOf(q);
  const due = only === INCENTIVE_DUE;
  const wanted = due ? INCENTIVE_STATUS.unPaid : only;
  const allowed = wanted ? (statuses ?? [wanted]).filter((status) => status === wanted) : statuses;
  if (allowed?.length === 0) return null;
  const status = allowed?.length === 1 ? allowed[0] : undefined;
  const shape: Shape = `${wallet ? "own" : "all"}${status ? "+status" : ""}${hexPrefix ? "+hex" : ""}${due ? "+due" : ""}`;
  return {
    shape,
    values: {
      ...(wallet ? { wallet } : {}),
      ...(status ? { status } : {}),
      ...(hexPrefix ? { pattern: `${hexPrefix}%` } : {}),
      ...(due ? { dueBy: dueCutoff(now) } : {}),
    },
  };
}

interface ListFilter {
  wallet?: string;
  q: string;
  status?: IncentiveListStatus;
  now?: Date;
}

/**
 * A page of incentives and the filter's total in one round trip (a second only past the last page):
 * the operator's own (`wallet`) or everybody's, `q` by status label or 0x prefix (see searchOf).
 */
export async function listIncentives(
  db: Db,
  filter: ListFilter & { page: number; limit: number },
): Promise<{ rows: IncentiveRow[]; total: number }> {
  const of = shapeOf(filter);
  if (!of) return { rows: [], total: 0 };
  const { shape, values } = of;
  const { page, limit } = filter;
  const rows = await pageOfShape(db, shape, { ...values, limit, offset: (page - 1) * limit });
  const count = rows[0]?.total ?? (await totalOfShape(db, shape, values))[0]!.total;
  return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(count) };
}

/**
 * Every matching incentive, newest date first (the CSV export): the list's filter with its values as literals, for
 * a COPY; no row when `q` names no status. With a range, those created in its UTC days (the
 * export's Created At).
 */
export function everyIncentive(db: Db, filter: ListFilter & DayRange) {
  const of = shapeOf(filter);
  let query = of ? matching(db, of.shape, of.values, true) : incentives(db).where(sql.lit(false));
  const { start, end } = dayRangeBounds(filter);
  const instant = (at: Date) => sql<Date>`${sql.lit(at.toISOString())}::timestamptz`;
  if (start) query = query.where("i.created_at", ">=", instant(start));
  if (end) query = query.where("i.created_at", "<", instant(end));
  return newestFirst(query);
}

/**
 * The list's rows per status filter (Paid, UnPaid, due), the operator's own (`wallet`) or everybody's: the kept counts
 * for everybody's statuses, the wallet's through its index, the due ones through the status index.
 */
export async function incentiveStatusCounts(
  db: Db,
  { wallet, now = new Date() }: { wallet?: string; now?: Date },
): Promise<{ status: IncentiveListStatus; count: number }[]> {
  const perStatus = wallet
    ? db
        .selectFrom("app.incentive")
        .where("wallet", "=", wallet)
        .groupBy("status")
        .select(["status", (eb) => eb.fn.countAll<string>().as("count")])
    : db.selectFrom("app.incentive_status_count").select(["status", sql<string>`count::text`.as("count")]);
  let dueRows = db.selectFrom("app.incentive").where(dueCondition("app.incentive", dueCutoff(now)));
  if (wallet) dueRows = dueRows.where("wallet", "=", wallet);
  const [rows, due] = await Promise.all([
    perStatus.execute(),
    dueRows.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow(),
  ]);
  const of = (status: IncentiveStatus) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return [
    { status: INCENTIVE_STATUS.paid, count: of(INCENTIVE_STATUS.paid) },
    { status: INCENTIVE_STATUS.unPaid, count: of(INCENTIVE_STATUS.unPaid) },
    { status: INCENTIVE_DUE, count: Number(due.count) },
  ];
}
