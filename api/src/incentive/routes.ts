import { USER_TYPE } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import { csvHeaders } from "../shared/csv.ts";
import { AppError } from "../shared/errors.ts";
import { cachedJson } from "../shared/cached-answer.ts";
import { paged } from "../shared/list.ts";
import { createRouter } from "../shared/openapi.ts";
import { walletOf } from "../stake/service.ts";
import type { SessionClaims } from "../operator/schema.ts";
import {
  deleteIncentiveRoute,
  discrepanciesRoute,
  exportIncentivesRoute,
  getIncentiveRoute,
  incentiveSummaryRoute,
  listIncentivesRoute,
  payoutHintRoute,
  payoutPlanRoute,
} from "./operations.ts";
import { incentiveCsv } from "./export.ts";
import { listIncentives } from "./list.ts";
import { deleteUnpaidIncentive, findIncentive, incentiveSummary, listDiscrepancies, toIncentiveResponse } from "./repository.ts";
import { INCENTIVE_EXPORT_FILE, INCENTIVE_MESSAGES } from "./schema.ts";
import { checkPayoutHint, planPayout } from "./service.ts";

/** The wallet whose incentives a session reaches: the operator's own (signed into their token); undefined (all) for an admin. */
const scopeOf = async (db: Db, session: SessionClaims) => (session.userType === USER_TYPE.admin ? undefined : await walletOf(db, session));

export const incentiveRoutes = createRouter()
  .openapi(listIncentivesRoute, async (c) => {
    const { db } = c.var.deps;
    const query = c.req.valid("query");
    return cachedJson(c, query, async () => {
      const { rows, total } = await listIncentives(db, { ...query, wallet: await scopeOf(db, c.get("session")!) });
      const now = new Date();
      return paged(rows.map((row) => toIncentiveResponse(row, now)), total, query.page, query.limit);
    });
  })
  .openapi(getIncentiveRoute, async (c) => {
    const row = await findIncentive(c.var.deps.db, c.req.valid("query").incentiveId);
    if (!row) throw new AppError("notFound", INCENTIVE_MESSAGES.incentiveNotFound);
    return c.json(toIncentiveResponse(row, new Date()), 200);
  })
  .openapi(exportIncentivesRoute, async (c) => {
    const { db } = c.var.deps;
    const csv = incentiveCsv(db, { q: c.req.valid("query").q, wallet: await scopeOf(db, c.get("session")!) });
    return c.body(csv, 200, csvHeaders(INCENTIVE_EXPORT_FILE));
  })
  .openapi(incentiveSummaryRoute, async (c) => c.json(await incentiveSummary(c.var.deps.db), 200))
  .openapi(discrepanciesRoute, async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listDiscrepancies(c.var.deps.db, query);
    return c.json(paged(rows, total, query.page, query.limit), 200);
  })
  .openapi(payoutPlanRoute, async (c) => c.json(await planPayout(c.var.deps.db, c.req.valid("json").ids), 200))
  .openapi(payoutHintRoute, async (c) => {
    const { db, chain } = c.var.deps;
    const { tnxHash, selectedArray } = c.req.valid("json");
    const now = new Date();
    const { rows, paid } = await checkPayoutHint({ db, chain }, tnxHash, selectedArray.map((row) => row._id), now);
    return c.json({ message: INCENTIVE_MESSAGES.tokenSent, data: rows.map((row) => toIncentiveResponse(row, now)), paid }, 200);
  })
  .openapi(deleteIncentiveRoute, async (c) => {
    const { db } = c.var.deps;
    const { id } = c.req.valid("json");
    if (await deleteUnpaidIncentive(db, id)) return c.json({ message: INCENTIVE_MESSAGES.incentiveDeleted }, 200);
    if (await findIncentive(db, id)) throw new AppError("conflict", INCENTIVE_MESSAGES.incentivePaidKept);
    throw new AppError("notFound", INCENTIVE_MESSAGES.incentiveNotFound);
  });
