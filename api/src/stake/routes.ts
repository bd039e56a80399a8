import { ownerScope } from "../auth/owner-scope.ts";
import { USER_TYPE } from "../public-contract/domain.ts";
import { AppError } from "../shared/errors.ts";
import { cachedJson } from "../shared/cached-answer.ts";
import { paged } from "../shared/list.ts";
import { csvHeaders, csvStream } from "../shared/csv.ts";
import { createRouter } from "../shared/openapi.ts";
import {
  deactivateStakeRoute,
  deleteStakeRoute,
  getStakeRoute,
  listStakesRoute,
  stakeHintRoute,
  stakeStatusRoute,
  stakeTotalRoute,
  stakeTransactionsExportRoute,
  stakeTransactionsRoute,
  unlockHintRoute,
  withdrawHintRoute,
} from "./operations.ts";
import { allStakeEvents, eventsOfPositions, listStakeEvents, type StakeEventListRow } from "./events.ts";
import { findPosition, listPositions, stakedTotal } from "./positions.ts";
import { toStakeEventResponse, toStakeResponse } from "./responses.ts";
import { pliText } from "../shared/pli.ts";
import { stakeIdOf } from "./rules.ts";
import { STAKE_MESSAGES } from "./schema.ts";
import { nodeKey, readPosition, requireUnlocked, verifyHint, walletOf } from "./service.ts";

const TRANSACTION_COLUMNS = ["Wallet Address", "Node Address", "Txn Hash", "Total Stake (PLI)", "Type", "Status", "Date"];

const chainDerived = (): never => {
  throw new AppError("conflict", STAKE_MESSAGES.chainDerived);
};

export const stakeRoutes = createRouter()
  .openapi(listStakesRoute, async (c) => {
    const { db } = c.var.deps;
    const query = c.req.valid("query");
    return cachedJson(c, query, async () => {
      const { rows, total } = await listPositions(db, query);
      const events = await eventsOfPositions(db, rows);
      return paged(rows.map((row) => toStakeResponse(row, events.get(stakeIdOf(row.wallet, row.node)) ?? [])), total, query.page, query.limit);
    });
  })
  .openapi(getStakeRoute, async (c) => {
    const { wallet, node } = c.req.valid("query").stakeId;
    return c.json(await readPosition(c.var.deps.db, wallet, node), 200);
  })
  .openapi(stakeTotalRoute, async (c) => {
    const { db } = c.var.deps;
    const session = c.get("session")!;
    const { nodeId } = c.req.valid("query");
    const wallet = await walletOf(db, session);
    const node = nodeId ? (await nodeKey(db, nodeId, session.sub)).node : undefined;
    return c.json({ tillStake: await stakedTotal(db, wallet, node) }, 200);
  })
  .openapi(stakeStatusRoute, async (c) => {
    const { db } = c.var.deps;
    const key = await nodeKey(db, c.req.valid("query").nodeId, ownerScope(c.get("session")!));
    const row = await findPosition(db, key.wallet, key.node);
    return c.json({ currentStatus: row?.status ?? null, _id: row ? stakeIdOf(row.wallet, row.node) : null }, 200);
  })
  .openapi(stakeTransactionsRoute, async (c) => {
    const { db } = c.var.deps;
    const session = c.get("session")!;
    const query = c.req.valid("query");
    return cachedJson(c, query, async () => {
      const wallet = session.userType === USER_TYPE.admin ? undefined : await walletOf(db, session);
      const { rows, total } = await listStakeEvents(db, { ...query, wallet });
      return paged(rows.map(toStakeEventResponse), total, query.page, query.limit);
    });
  })
  .openapi(stakeTransactionsExportRoute, async (c) => {
    const { db } = c.var.deps;
    const session = c.get("session")!;
    const wallet = session.userType === USER_TYPE.admin ? undefined : await walletOf(db, session);
    const rows = allStakeEvents(db, { q: c.req.valid("query").q, wallet });
    const cells = (row: StakeEventListRow) => [row.wallet, row.node, row.tx_hash, pliText(BigInt(row.amount)), row.kind, row.position_status, row.block_time.toISOString()];
    return c.body(csvStream(TRANSACTION_COLUMNS, rows, cells), 200, csvHeaders("transactions.csv"));
  })
  .openapi(stakeHintRoute, async (c) => {
    const { db, chain } = c.var.deps;
    const session = c.get("session")!;
    const { nodeId, tnxHash } = c.req.valid("json");
    const { node } = await nodeKey(db, nodeId, session.sub);
    const wallet = await walletOf(db, session);
    await verifyHint({ db, chain }, { hash: tnxHash, kinds: ["stake", "topup"], wallet, node });
    return c.json({ message: STAKE_MESSAGES.stakingDone, data: await readPosition(db, wallet, node) }, 200);
  })
  .openapi(unlockHintRoute, async (c) => {
    const { db } = c.var.deps;
    const { wallet, node } = c.req.valid("json")._id;
    const row = await findPosition(db, wallet, node);
    if (!row) throw new AppError("notFound", STAKE_MESSAGES.stakeNotFound);
    requireUnlocked(row);
    return c.json({ message: STAKE_MESSAGES.tokenUnlocked, data: await readPosition(db, wallet, node) }, 200);
  })
  .openapi(withdrawHintRoute, async (c) => {
    const { db, chain } = c.var.deps;
    const { _id: key, transactionHash } = c.req.valid("json");
    const { wallet, node } = key;
    if (wallet !== (await walletOf(db, c.get("session")!)) || !(await findPosition(db, wallet, node))) throw new AppError("notFound", STAKE_MESSAGES.stakeNotFound);
    await verifyHint({ db, chain }, { hash: transactionHash, kinds: ["unstake"], wallet, node });
    return c.json({ message: STAKE_MESSAGES.tokenWithdrawn, data: await readPosition(db, wallet, node) }, 200);
  })
  .openapi(deleteStakeRoute, chainDerived)
  .openapi(deactivateStakeRoute, chainDerived);
