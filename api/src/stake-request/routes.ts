import { USER_TYPE } from "../public-contract/domain.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../shared/errors.ts";
import { paged } from "../shared/list.ts";
import { csvHeaders, csvStream } from "../shared/csv.ts";
import { createRouter } from "../shared/openapi.ts";
import { pliText } from "../shared/pli.ts";
import { addStakeRequestRoute, deleteStakeRequestRoute, exportStakeRequestsRoute, getStakeRequestRoute, listStakeRequestsRoute, statusCountRoute, updateStatusRoute } from "./operations.ts";
import { allStakeRequests, countStakeRequestsByStatus, deleteStakeRequest, findStakeRequest, latestOwnStakeRequests, listStakeRequests, toOwnStakeRequest, toStakeRequestResponse, type StakeRequestRow } from "./repository.ts";
import { STAKE_REQUEST_MESSAGES } from "./schema.ts";
import { changeStakeRequestStatus, createStakeRequest } from "./service.ts";

const REQUEST_COLUMNS = ["Date", "Status", "Email", "Wallet Address", "Node Name", "Node Address", "Stake Status", "Total Stake (PLI)", "Last Updated At"];
const requestCells = (row: StakeRequestRow) => [
  row.created_at.toISOString(),
  row.status,
  row.owner_email,
  row.wallet_address,
  row.node_name,
  row.node_address,
  row.stake_status,
  row.total_staked === null ? null : pliText(BigInt(row.total_staked)),
  row.updated_at.toISOString(),
];

async function readRequest(db: Db, id: string) {
  const row = await findStakeRequest(db, id);
  if (!row) throw new AppError("notFound", STAKE_REQUEST_MESSAGES.requestNotFound);
  return toStakeRequestResponse(row);
}

export const stakeRequestRoutes = createRouter()
  .openapi(listStakeRequestsRoute, async (c) => {
    const { db } = c.var.deps;
    const session = c.get("session")!;
    const query = c.req.valid("query");
    if (session.userType === USER_TYPE.admin) {
      const { rows, total } = await listStakeRequests(db, query);
      return c.json(paged(rows.map(toStakeRequestResponse), total, query.page, query.limit), 200);
    }
    const requests = (await latestOwnStakeRequests(db, session.sub, query.nodeId)).map(toOwnStakeRequest);
    const current = requests[0];
    return c.json({ status: current?.status ?? null, _id: current?._id ?? null, requests }, 200);
  })
  .openapi(addStakeRequestRoute, async (c) => {
    const { db } = c.var.deps;
    const id = await createStakeRequest(db, c.get("session")!.sub, c.req.valid("json").nodeId);
    return c.json({ message: STAKE_REQUEST_MESSAGES.requestInitiated, data: await readRequest(db, id) }, 201);
  })
  .openapi(getStakeRequestRoute, async (c) => c.json(await readRequest(c.var.deps.db, c.req.valid("query").requestId), 200))
  .openapi(statusCountRoute, async (c) => c.json(await countStakeRequestsByStatus(c.var.deps.db), 200))
  .openapi(updateStatusRoute, async (c) => {
    const { db } = c.var.deps;
    const { _id, status } = c.req.valid("json");
    await changeStakeRequestStatus(db, _id, status);
    return c.json({ message: STAKE_REQUEST_MESSAGES.requestStatusUpdated, data: await readRequest(db, _id) }, 200);
  })
  .openapi(exportStakeRequestsRoute, async (c) => c.body(csvStream(REQUEST_COLUMNS, allStakeRequests(c.var.deps.db, c.req.valid("query").q), requestCells), 200, csvHeaders("requests.csv")))
  .openapi(deleteStakeRequestRoute, async (c) => {
    if (!(await deleteStakeRequest(c.var.deps.db, c.req.valid("json").id))) throw new AppError("notFound", STAKE_REQUEST_MESSAGES.requestNotFound);
    return c.json({ message: STAKE_REQUEST_MESSAGES.requestDeleted }, 200);
  });
