/**
 * Monthly incentives: accrual from the nodes' stakes and inactive days, the lists and CSV export, matching the payments
 * indexed from the chain, payout plans and hints, reward deposits, the tax report and the payout mails (the spec's
 * `/api/incentive/*`).
 */
import { USER_TYPE } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import { csvHeaders, csvResponse, csvStream } from "../shared/csv.ts";
import { AppError } from "../shared/errors.ts";
import { cachedJson } from "../shared/cached-answer.ts";
import { paged } from "../shared/list.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { accountOf } from "../rate-limit/index.ts";
import { walletOf } from "../stake/index.ts";
import { lockPayoutNames, openPayoutNaming } from "../safe/index.ts";
import type { SessionClaims } from "../operator/schema.ts";
import { incentiveCsv } from "./export.ts";
import { incentiveStatusCounts, listIncentives } from "./list.ts";
import {
  TAX_REPORT_COLUMNS,
  taxReportCells,
  taxReportDownloads,
  taxReportFileName,
  taxReportRows,
} from "./tax-report.ts";
import {
  deleteUnpaidIncentive,
  depositsOfTransaction,
  findIncentive,
  incentiveSummary,
  listDiscrepancies,
  lockPayoutHolds,
  payoutHeld,
  releasePayoutRows,
  toIncentiveResponse,
} from "./repository.ts";
import {
  INCENTIVE_EXPORT_FILE,
  INCENTIVE_MESSAGES,
  TAX_REPORT_MAX_YEARS,
  depositHintSchema,
  discrepancyQuerySchema,
  discrepancySchema,
  incentiveByIdQuerySchema,
  incentiveDeleteSchema,
  incentiveExportQuerySchema,
  incentiveListQuerySchema,
  incentiveStatusCountsSchema,
  incentiveResponseSchema,
  incentiveSummarySchema,
  payoutHintResponseSchema,
  payoutHintSchema,
  payoutPlanResponseSchema,
  payoutPlanSchema,
  payoutReleaseResponseSchema,
  payoutReleaseSchema,
  taxReportQuerySchema,
  INCENTIVE_PATHS,
} from "./schema.ts";
import { checkPayoutHint, planDirectPayout, renewPayoutHold } from "./service.ts";
import { createRoute } from "@hono/zod-openapi";
import { auditActor, recordAudit, recordAuditOnce } from "../audit/index.ts";
import { adminOnly, signedIn } from "../auth/index.ts";
import { messageSchema, pagedSchema } from "../shared/schema.ts";

/**
 * Refuses (409) a payout from one admin's wallet while a Safe owns the contracts: the web app proposes every payout to
 * the Safe then, and a direct payRewards of a row a Safe proposal names would make that proposal revert at its nonce.
 */
function refuseInSafeMode(config: { SAFE_ADDRESS?: string | undefined }): void {
  if (config.SAFE_ADDRESS) throw new AppError("conflict", INCENTIVE_MESSAGES.payoutThroughSafe);
}

/** The incentive routes (spec 7, Incentives). Amounts are wei. */
const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound, 409: conflict } = ERROR_RESPONSES;
const guarded = { 400: invalid, 401: unauthorized, 403: forbidden } as const;

const listIncentivesRoute = createRoute({
  method: "get",
  path: INCENTIVE_PATHS.root,
  ...describe(
    "signed-in",
    "Incentives, newest date first: the operator's own, or all for an admin; q searches by status (a label it begins) or by the start of a wallet, node or payout hash (0x hex)",
  ),
  middleware: [signedIn] as const,
  request: { query: incentiveListQuerySchema },
  responses: { 200: jsonResponse(pagedSchema(incentiveResponseSchema), "A page of incentives"), ...guarded },
});

const taxReportRoute = createRoute({
  method: "get",
  path: INCENTIVE_PATHS.taxReport,
  ...describe(
    "signed-in",
    `The tax report of a range of UTC days (at most ${TAX_REPORT_MAX_YEARS} years) as CSV: each reward payment and stake event with its PLI/USD price at its block and USD value to the cent; the operator's own, or everyone's (one wallet's with \`wallet\`) for an admin; 409 without PRICE_FEED_ADDRESS, and while another tax report of the same account is downloading`,
  ),
  middleware: [signedIn] as const,
  request: { query: taxReportQuerySchema },
  responses: {
    200: csvResponse("tax-report_<from>_<to>_feed-<feed address>.csv, oldest first"),
    ...guarded,
    409: conflict,
  },
});

const getIncentiveRoute = createRoute({
  method: "get",
  path: INCENTIVE_PATHS.byId,
  ...describe(
    "signed-in",
    "One incentive, as the list shows it: an operator's own (404 for another's), any for an admin",
  ),
  middleware: [signedIn] as const,
  request: { query: incentiveByIdQuerySchema },
  responses: { 200: jsonResponse(incentiveResponseSchema, "The incentive"), ...guarded, 404: notFound },
});

const exportIncentivesRoute = createRoute({
  method: "get",
  path: INCENTIVE_PATHS.export,
  ...describe(
    "signed-in",
    "Every matching incentive as CSV (incentivelist.csv: wallet address, stake id, status, token in PLI, type, txn hash, paid date, created at), streamed",
  ),
  middleware: [signedIn] as const,
  request: { query: incentiveExportQuerySchema },
  responses: { 200: csvResponse("incentivelist.csv, newest date first"), ...guarded },
});

const incentiveStatusCountsRoute = createRoute({
  method: "get",
  path: INCENTIVE_PATHS.statusCounts,
  ...describe(
    "signed-in",
    "How many incentives are Paid, UnPaid, and unpaid with their payment date come (due): the operator's own, or all for an admin",
  ),
  middleware: [signedIn] as const,
  responses: { 200: jsonResponse(incentiveStatusCountsSchema, "Counts per status filter"), ...guarded },
});

const incentiveSummaryRoute = createRoute({
  method: "get",
  path: INCENTIVE_PATHS.summary,
  ...describe(
    "admin",
    "The incentive cards: count and wei sum of all, paid and unpaid incentives, the indexed reward pool, and how many payments disagree with the incentives",
  ),
  middleware: [adminOnly] as const,
  responses: { 200: jsonResponse(incentiveSummarySchema, "Totals"), ...guarded },
});

const discrepanciesRoute = createRoute({
  method: "get",
  path: INCENTIVE_PATHS.discrepancies,
  ...describe(
    "admin",
    "Payments on the chain that disagree with the incentives: another amount than the row with their (wallet, node, date key), or no such row; latest first",
  ),
  middleware: [adminOnly] as const,
  request: { query: discrepancyQuerySchema },
  responses: { 200: jsonResponse(pagedSchema(discrepancySchema), "A page of discrepancies"), ...guarded },
});

const payoutPlanRoute = createRoute({
  method: "post",
  path: INCENTIVE_PATHS.payout,
  ...describe(
    "admin",
    "Pay Now's plan for the selected incentives: payRewards(wallets, amounts, dates, nodes) batches that fit a block, amounts from the rows; 409 when a row is paid or of 0, the indexed reward pool is short, or a Safe owns the contracts (SAFE_ADDRESS: payouts are Safe proposals)",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(payoutPlanSchema),
  responses: {
    200: jsonResponse(payoutPlanResponseSchema, "The batches to send"),
    ...guarded,
    404: notFound,
    409: conflict,
  },
});

const payoutReleaseRoute = createRoute({
  method: "post",
  path: INCENTIVE_PATHS.payoutRelease,
  ...describe(
    "admin",
    "Gives back incentives of one's own Pay Now plan that were not sent (a batch refused or rejected, the batches after it), so that they can be planned again at once; a plan's rows are otherwise held for 10 minutes",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(payoutReleaseSchema),
  responses: { 200: jsonResponse(payoutReleaseResponseSchema, "How many rows are free again"), ...guarded },
});

const payoutRenewRoute = createRoute({
  method: "post",
  path: INCENTIVE_PATHS.payoutRenew,
  ...describe(
    "admin",
    "Before each batch of one's own Pay Now plan is sent: its incentives are held 10 minutes more for the plan; 409 when another plan holds one of them or a Safe owns the contracts (the batch must not be sent)",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(payoutReleaseSchema),
  responses: { 200: jsonResponse(messageSchema, "The rows are held"), ...guarded, 409: conflict },
});

const payoutHintRoute = createRoute({
  method: "post",
  path: INCENTIVE_PATHS.update,
  ...describe(
    "admin",
    "Hint that tnxHash paid the selected incentives: matches the payments indexed so far and answers the rows as the chain shows them (only each _id of selectedArray is read); 404 unknown hash, 409 failed, not indexed yet or no payout",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(payoutHintSchema),
  responses: {
    200: jsonResponse(payoutHintResponseSchema, "Token Sent Successfully, with the rows"),
    ...guarded,
    404: notFound,
    409: conflict,
  },
});

const deleteIncentiveRoute = createRoute({
  method: "post",
  path: INCENTIVE_PATHS.delete,
  ...describe("admin", "Delete an UnPaid incentive; a paid one is kept (409)"),
  middleware: [adminOnly] as const,
  request: jsonBody(incentiveDeleteSchema),
  responses: {
    200: jsonResponse(messageSchema, "Incentive Deleted Successfully"),
    ...guarded,
    404: notFound,
    409: conflict,
  },
});

const depositHintRoute = createRoute({
  method: "post",
  path: INCENTIVE_PATHS.deposit,
  ...describe(
    "admin",
    "Records in the audit trail that the admin sent the reward deposit of tnxHash (once indexed; once however often it is hinted); 404 when no such deposit is indexed",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(depositHintSchema),
  responses: { 200: jsonResponse(messageSchema, "Recorded"), ...guarded, 404: notFound },
});

/**
 * The wallet whose incentives a session reaches: the operator's own (signed into their token); undefined (all) for an
 * admin.
 */
const scopeOf = async (db: Db, session: SessionClaims) =>
  session.userType === USER_TYPE.admin ? undefined : await walletOf(db, session);

export const incentiveRoutes = createRouter()
  .openapi(listIncentivesRoute, async (c) => {
    const { db, config } = c.get("deps");
    const query = c.req.valid("query");
    return cachedJson(c, query, async () => {
      const { rows, total } = await listIncentives(db, { ...query, wallet: await scopeOf(db, c.get("session")!) });
      const now = new Date();
      return paged(
        rows.map((row) => toIncentiveResponse(row, now, Boolean(config.PRICE_FEED_ADDRESS))),
        total,
        query.page,
        query.limit,
      );
    });
  })
  .openapi(getIncentiveRoute, async (c) => {
    const { db } = c.get("deps");
    const row = await findIncentive(db, c.req.valid("query").incentiveId);
    const own = await scopeOf(db, c.get("session")!);
    if (!row || (own && row.wallet !== own)) throw new AppError("notFound", INCENTIVE_MESSAGES.incentiveNotFound);
    return c.json(toIncentiveResponse(row, new Date(), Boolean(c.get("deps").config.PRICE_FEED_ADDRESS)), 200);
  })
  .openapi(exportIncentivesRoute, async (c) => {
    const { db } = c.get("deps");
    const csv = incentiveCsv(db, { ...c.req.valid("query"), wallet: await scopeOf(db, c.get("session")!) });
    return c.body(csv, 200, csvHeaders(INCENTIVE_EXPORT_FILE));
  })
  .openapi(taxReportRoute, async (c) => {
    const { db, config } = c.get("deps");
    const feed = config.PRICE_FEED_ADDRESS;
    if (!feed) throw new AppError("conflict", INCENTIVE_MESSAGES.taxReportNeedsFeed);
    const query = c.req.valid("query");
    const own = await scopeOf(db, c.get("session")!);
    if (own && query.wallet && query.wallet !== own)
      throw new AppError("forbidden", INCENTIVE_MESSAGES.taxReportOwnOnly);
    const release = taxReportDownloads.claim(accountOf(c.get("session")!));
    try {
      const rows = taxReportRows(db, { ...query, wallet: own ?? query.wallet });
      const body = csvStream(TAX_REPORT_COLUMNS, rows, taxReportCells, {
        idleMs: config.TAX_REPORT_IDLE_TIMEOUT_MS,
        onDone: release,
      });
      return c.body(body, 200, csvHeaders(taxReportFileName(query, feed)));
    } catch (error) {
      release();
      throw error;
    }
  })
  .openapi(incentiveStatusCountsRoute, async (c) => {
    const { db } = c.get("deps");
    const counts = await incentiveStatusCounts(db, { wallet: await scopeOf(db, c.get("session")!) });
    return c.json({ counts }, 200);
  })
  .openapi(incentiveSummaryRoute, async (c) => c.json(await incentiveSummary(c.get("deps").db), 200))
  .openapi(discrepanciesRoute, async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listDiscrepancies(c.get("deps").db, query);
    return c.json(paged(rows, total, query.page, query.limit), 200);
  })
  .openapi(payoutPlanRoute, async (c) => {
    const { db, config } = c.get("deps");
    refuseInSafeMode(config);
    const { ids } = c.req.valid("json");
    const by = auditActor(c);
    const plan = await planDirectPayout(db, ids, c.get("session")!.sub);
    await recordAudit(db, {
      by,
      action: "payout.plan",
      recordType: "incentive",
      recordId: null,
      after: { incentiveIds: ids, total: plan.total, batches: plan.batches.length, planId: plan.planId },
    });
    return c.json(plan, 200);
  })
  .openapi(payoutRenewRoute, async (c) => {
    refuseInSafeMode(c.get("deps").config);
    const { planId, ids } = c.req.valid("json");
    await renewPayoutHold(c.get("deps").db, { planId, ids, adminId: c.get("session")!.sub });
    return c.json({ message: INCENTIVE_MESSAGES.payoutHeld }, 200);
  })
  .openapi(payoutReleaseRoute, async (c) => {
    const { planId, ids } = c.req.valid("json");
    const released = await releasePayoutRows(c.get("deps").db, { planId, ids, adminId: c.get("session")!.sub });
    return c.json({ released }, 200);
  })
  .openapi(payoutHintRoute, async (c) => {
    const { db, chain, config } = c.get("deps");
    const { tnxHash, selectedArray } = c.req.valid("json");
    const now = new Date();
    const { rows, paid } = await checkPayoutHint(
      { db, chain },
      tnxHash,
      selectedArray.map((row) => row._id),
    );
    await recordAuditOnce(db, {
      by: auditActor(c),
      action: "payout.paid",
      recordType: "incentive",
      recordId: null,
      after: { incentiveIds: rows.map((row) => row.id), paid },
      txHash: tnxHash,
    });
    return c.json(
      {
        message: INCENTIVE_MESSAGES.tokenSent,
        data: rows.map((row) => toIncentiveResponse(row, now, Boolean(config.PRICE_FEED_ADDRESS))),
        paid,
      },
      200,
    );
  })
  .openapi(deleteIncentiveRoute, async (c) => {
    const { db, config } = c.get("deps");
    const { id } = c.req.valid("json");
    const deleted = await db.transaction().execute(async (tx) => {
      if (config.SAFE_ADDRESS) {
        await lockPayoutNames(tx);
        if ((await openPayoutNaming(tx, config.SAFE_ADDRESS, config.CHAIN_ID, id)) !== null)
          throw new AppError("conflict", INCENTIVE_MESSAGES.incentiveInSafePayout);
      }
      await lockPayoutHolds(tx);
      if (await payoutHeld(tx, id)) throw new AppError("conflict", INCENTIVE_MESSAGES.incentiveInPayNow);
      const row = await deleteUnpaidIncentive(tx, id);
      if (row)
        await recordAudit(tx, {
          by: auditActor(c),
          action: "incentive.delete",
          recordType: "incentive",
          recordId: id,
          before: row,
          after: null,
        });
      return row;
    });
    if (deleted) return c.json({ message: INCENTIVE_MESSAGES.incentiveDeleted }, 200);
    if (await findIncentive(db, id)) throw new AppError("conflict", INCENTIVE_MESSAGES.incentivePaidKept);
    throw new AppError("notFound", INCENTIVE_MESSAGES.incentiveNotFound);
  })
  .openapi(depositHintRoute, async (c) => {
    const { db } = c.get("deps");
    const { tnxHash } = c.req.valid("json");
    const deposits = await depositsOfTransaction(db, tnxHash);
    if (deposits.length === 0) throw new AppError("notFound", INCENTIVE_MESSAGES.depositUnknown);
    const by = auditActor(c);
    await recordAuditOnce(db, {
      by,
      action: "reward.deposit",
      recordType: "rewardPool",
      recordId: null,
      after: deposits.length === 1 ? deposits[0] : { deposits },
      txHash: tnxHash,
    });
    return c.json({ message: INCENTIVE_MESSAGES.depositRecorded }, 200);
  });
