/**
 * Stakes as the chain says (`chain.*`): an operator's positions, totals and events, the admins' stake lists,
 * transactions and export, and the unlock hints; nothing here writes a stake (the spec's `/api/stake/*`).
 */
import { ownerScope, adminOnly, signedIn, operatorOnly } from "../auth/index.ts";
import { USER_TYPE } from "../public-contract/domain.ts";
import { AppError } from "../shared/errors.ts";
import { cachedJson } from "../shared/cached-answer.ts";
import { paged } from "../shared/list.ts";
import { csvHeaders, csvStream, csvResponse } from "../shared/csv.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { allStakeEvents, eventsOfPositions, listStakeEvents, type StakeEventListRow } from "./events.ts";
import { findPosition, listPositions, stakedTotal } from "./positions.ts";
import { toStakeEventResponse, toStakeResponse } from "./responses.ts";
import { pliText } from "../shared/pli.ts";
import { stakeIdOf } from "./rules.ts";
import {
  STAKE_MESSAGES,
  stakeByIdQuerySchema,
  stakeEventResponseSchema,
  stakeExportQuerySchema,
  stakeHintSchema,
  stakeListQuerySchema,
  stakeResponseSchema,
  stakeSavedSchema,
  stakeStatusQuerySchema,
  stakeStatusResponseSchema,
  stakeTotalQuerySchema,
  stakeTotalSchema,
  unlockHintSchema,
  withdrawHintSchema,
  STAKE_PATHS,
} from "./schema.ts";
import { nodeKey, readPosition, recordUnlock, verifyHint, walletOf } from "./service.ts";
import { createRoute } from "@hono/zod-openapi";
import { auditActor } from "../audit/index.ts";
import { pagedSchema } from "../shared/schema.ts";

/** The stake routes (spec 7, Stakes). Every amount is the chain's, in wei. */
const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound, 409: conflict } = ERROR_RESPONSES;
const guarded = { 400: invalid, 401: unauthorized, 403: forbidden } as const;

const listStakesRoute = createRoute({
  method: "get",
  path: STAKE_PATHS.root,
  ...describe(
    "admin",
    "Every stake position on the chain, latest stake first, with owner, node, total, status, dates and events; q searches email, wallet, node and status",
  ),
  middleware: [adminOnly] as const,
  request: { query: stakeListQuerySchema },
  responses: { 200: jsonResponse(pagedSchema(stakeResponseSchema), "A page of positions"), ...guarded },
});

const getStakeRoute = createRoute({
  method: "get",
  path: STAKE_PATHS.byId,
  ...describe(
    "admin",
    "One stake position on the chain by its _id (0x<wallet>-0x<node>), with owner, node, total, status, dates and events; 404 when the chain has none",
  ),
  middleware: [adminOnly] as const,
  request: { query: stakeByIdQuerySchema },
  responses: { 200: jsonResponse(stakeResponseSchema, "The position"), ...guarded, 404: notFound },
});

const stakeTotalRoute = createRoute({
  method: "get",
  path: STAKE_PATHS.total,
  ...describe("user", "The operator's stake in Stake or Unlock on the chain (on one of their nodes with nodeId), wei"),
  middleware: [operatorOnly] as const,
  request: { query: stakeTotalQuerySchema },
  responses: { 200: jsonResponse(stakeTotalSchema, "tillStake in wei"), ...guarded, 404: notFound },
});

const stakeStatusRoute = createRoute({
  method: "get",
  path: STAKE_PATHS.status,
  ...describe(
    "signed-in",
    "The chain's stake status of a node (the operator's own, or any for an admin) and its position id; null without a stake",
  ),
  middleware: [signedIn] as const,
  request: { query: stakeStatusQuerySchema },
  responses: { 200: jsonResponse(stakeStatusResponseSchema, "currentStatus and _id"), ...guarded, 404: notFound },
});

const stakeTransactionsRoute = createRoute({
  method: "get",
  path: STAKE_PATHS.transactions,
  ...describe(
    "signed-in",
    "Stake, top-up, unlock and unstake events, newest first: the operator's own, or all for an admin; q searches the transaction hash",
  ),
  middleware: [signedIn] as const,
  request: { query: stakeListQuerySchema },
  responses: { 200: jsonResponse(pagedSchema(stakeEventResponseSchema), "A page of events"), ...guarded },
});

const stakeTransactionsExportRoute = createRoute({
  method: "get",
  path: STAKE_PATHS.transactionsExport,
  ...describe(
    "signed-in",
    "Every matching stake event as CSV (the operator's own, or all for an admin; q searches the transaction hash), amounts in PLI",
  ),
  middleware: [signedIn] as const,
  request: { query: stakeExportQuerySchema },
  responses: { 200: csvResponse("transactions.csv, newest first"), ...guarded },
});

const stakeHintRoute = createRoute({
  method: "post",
  path: STAKE_PATHS.root,
  ...describe(
    "user",
    "Hint that tnxHash staked or topped up on one of the operator's nodes: answers the chain's position once that event is indexed for the operator's wallet and the node's address (totalStake is ignored); 404 unknown, 409 failed, not yet indexed, not a stake or top-up, or another node's, 403 another wallet's",
  ),
  middleware: [operatorOnly] as const,
  request: jsonBody(stakeHintSchema),
  responses: {
    200: jsonResponse(stakeSavedSchema, "The position as indexed"),
    ...guarded,
    404: notFound,
    409: conflict,
  },
});

const unlockHintRoute = createRoute({
  method: "post",
  path: STAKE_PATHS.unlock,
  ...describe(
    "admin",
    "After unlock(wallet, node) from the admin's wallet: answers the position once the chain shows it Unlock, else 409",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(unlockHintSchema),
  responses: {
    200: jsonResponse(stakeSavedSchema, "The position as indexed"),
    ...guarded,
    404: notFound,
    409: conflict,
  },
});

const withdrawHintRoute = createRoute({
  method: "post",
  path: STAKE_PATHS.withdraw,
  ...describe(
    "user",
    "After unstake(node) from the operator's wallet: answers the position once that transaction's unstake event is indexed for this position",
  ),
  middleware: [operatorOnly] as const,
  request: jsonBody(withdrawHintSchema),
  responses: {
    200: jsonResponse(stakeSavedSchema, "The position as indexed"),
    ...guarded,
    404: notFound,
    409: conflict,
  },
});

const neverChanged = (path: typeof STAKE_PATHS.delete | typeof STAKE_PATHS.deactivate) =>
  createRoute({
    method: "post",
    path,
    ...describe("admin", "Refused: stakes are the chain's, never deleted or deactivated (409)"),
    middleware: [adminOnly] as const,
    responses: { ...guarded, 409: conflict },
  });
const deleteStakeRoute = neverChanged(STAKE_PATHS.delete);
const deactivateStakeRoute = neverChanged(STAKE_PATHS.deactivate);

const TRANSACTION_COLUMNS = [
  "Wallet Address",
  "Node Address",
  "Txn Hash",
  "Total Stake (PLI)",
  "Staked After (PLI)",
  "Type",
  "Status",
  "Date",
];

const chainDerived = (): never => {
  throw new AppError("conflict", STAKE_MESSAGES.chainDerived);
};

export const stakeRoutes = createRouter()
  .openapi(listStakesRoute, async (c) => {
    const { db, live } = c.get("deps");
    const query = c.req.valid("query");
    return cachedJson(c, query, async () => {
      const { rows, total } = await listPositions(db, query, (key, read) => live.answers.chainFact(key, read));
      const events = await eventsOfPositions(db, rows);
      return paged(
        rows.map((row) => toStakeResponse(row, events.get(stakeIdOf(row.wallet, row.node)) ?? [])),
        total,
        query.page,
        query.limit,
      );
    });
  })
  .openapi(getStakeRoute, async (c) => {
    const { wallet, node } = c.req.valid("query").stakeId;
    return c.json(await readPosition(c.get("deps").db, wallet, node), 200);
  })
  .openapi(stakeTotalRoute, async (c) => {
    const { db } = c.get("deps");
    const session = c.get("session")!;
    const { nodeId } = c.req.valid("query");
    const wallet = await walletOf(db, session);
    const node = nodeId ? (await nodeKey(db, nodeId, session.sub)).node : undefined;
    return c.json({ tillStake: await stakedTotal(db, wallet, node) }, 200);
  })
  .openapi(stakeStatusRoute, async (c) => {
    const { db } = c.get("deps");
    const key = await nodeKey(db, c.req.valid("query").nodeId, ownerScope(c.get("session")!));
    const row = await findPosition(db, key.wallet, key.node);
    return c.json({ currentStatus: row?.status ?? null, _id: row ? stakeIdOf(row.wallet, row.node) : null }, 200);
  })
  .openapi(stakeTransactionsRoute, async (c) => {
    const { db } = c.get("deps");
    const session = c.get("session")!;
    const query = c.req.valid("query");
    return cachedJson(c, query, async () => {
      const wallet = session.userType === USER_TYPE.admin ? undefined : await walletOf(db, session);
      const { rows, total } = await listStakeEvents(db, { ...query, wallet });
      const priced = Boolean(c.get("deps").config.PRICE_FEED_ADDRESS);
      return paged(
        rows.map((row) => toStakeEventResponse(row, priced)),
        total,
        query.page,
        query.limit,
      );
    });
  })
  .openapi(stakeTransactionsExportRoute, async (c) => {
    const { db } = c.get("deps");
    const session = c.get("session")!;
    const wallet = session.userType === USER_TYPE.admin ? undefined : await walletOf(db, session);
    const rows = allStakeEvents(db, { ...c.req.valid("query"), wallet });
    const cells = (row: StakeEventListRow) => [
      row.wallet,
      row.node,
      row.tx_hash,
      pliText(BigInt(row.amount)),
      pliText(BigInt(row.total_after)),
      row.kind,
      row.position_status,
      row.block_time.toISOString(),
    ];
    return c.body(csvStream(TRANSACTION_COLUMNS, rows, cells), 200, csvHeaders("transactions.csv"));
  })
  .openapi(stakeHintRoute, async (c) => {
    const { db, chain } = c.get("deps");
    const session = c.get("session")!;
    const { nodeId, tnxHash } = c.req.valid("json");
    const { node } = await nodeKey(db, nodeId, session.sub);
    const wallet = await walletOf(db, session);
    await verifyHint({ db, chain }, { hash: tnxHash, kinds: ["stake", "topup"], wallet, node });
    return c.json({ message: STAKE_MESSAGES.stakingDone, data: await readPosition(db, wallet, node) }, 200);
  })
  .openapi(unlockHintRoute, async (c) => {
    const { wallet, node } = c.req.valid("json")._id;
    const data = await recordUnlock(c.get("deps").db, wallet, node, auditActor(c));
    return c.json({ message: STAKE_MESSAGES.tokenUnlocked, data }, 200);
  })
  .openapi(withdrawHintRoute, async (c) => {
    const { db, chain } = c.get("deps");
    const { _id: key, transactionHash } = c.req.valid("json");
    const { wallet, node } = key;
    if (wallet !== (await walletOf(db, c.get("session")!)) || !(await findPosition(db, wallet, node)))
      throw new AppError("notFound", STAKE_MESSAGES.stakeNotFound);
    await verifyHint({ db, chain }, { hash: transactionHash, kinds: ["unstake"], wallet, node });
    return c.json({ message: STAKE_MESSAGES.tokenWithdrawn, data: await readPosition(db, wallet, node) }, 200);
  })
  .openapi(deleteStakeRoute, chainDerived)
  .openapi(deactivateStakeRoute, chainDerived);
