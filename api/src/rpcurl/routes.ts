/**
 * Full node RPC URLs: an operator's own list, all of them for an admin, added, edited and deleted by their owner or an
 * admin (the spec's `/api/rpcurl/*`).
 */
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Selectable } from "kysely";
import type { AppEnv } from "../app-env.ts";
import { auditActor, recordAudit } from "../audit/index.ts";
import type { Db } from "../db/database.ts";
import { LIMITS, USER_TYPE } from "../public-contract/domain.ts";
import { MESSAGES } from "../public-contract/index.ts";
import { signedIn, ownerScope } from "../auth/index.ts";
import { AppError } from "../shared/errors.ts";
import { paged } from "../shared/list.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { deleteByIdSchema, listQuerySchema, messageSchema, pagedSchema } from "../shared/schema.ts";
import { createRpcUrl, deleteRpcUrl, listRpcUrls, lockRpcUrl, toRpcUrlResponse, updateRpcUrl } from "./repository.ts";
import { rpcUrlEditSchema, rpcUrlResponseSchema, rpcUrlSavedSchema, rpcUrlSchema, RPC_PATHS } from "./schema.ts";
import type { RpcUrlTable } from "./table.ts";

const { 400: invalid, 401: unauthorized, 404: notFound, 409: conflict } = ERROR_RESPONSES;

const list = createRoute({
  method: "get",
  path: RPC_PATHS.root,
  ...describe("signed-in", "RPC URLs: an operator's own, or all for an admin"),
  middleware: [signedIn] as const,
  request: { query: listQuerySchema },
  responses: {
    200: jsonResponse(pagedSchema(rpcUrlResponseSchema), "A page of RPC URLs"),
    400: invalid,
    401: unauthorized,
  },
});

const add = createRoute({
  method: "post",
  path: RPC_PATHS.root,
  ...describe("signed-in", `Add an RPC URL; 409 when the account keeps ${LIMITS.maxRpcUrlsPerOwner} already`),
  middleware: [signedIn] as const,
  request: jsonBody(rpcUrlSchema),
  responses: { 201: jsonResponse(rpcUrlSavedSchema, "Added"), 400: invalid, 401: unauthorized, 409: conflict },
});

const edit = createRoute({
  method: "post",
  path: RPC_PATHS.edit,
  ...describe("signed-in", "Edit an RPC URL (owner or admin)"),
  middleware: [signedIn] as const,
  request: jsonBody(rpcUrlEditSchema),
  responses: { 200: jsonResponse(rpcUrlSavedSchema, "Edited"), 400: invalid, 401: unauthorized, 404: notFound },
});

const remove = createRoute({
  method: "post",
  path: RPC_PATHS.delete,
  ...describe("signed-in", "Delete an RPC URL (owner or admin)"),
  middleware: [signedIn] as const,
  request: jsonBody(deleteByIdSchema),
  responses: { 200: jsonResponse(messageSchema, "Deleted"), 400: invalid, 401: unauthorized, 404: notFound },
});

export const rpcUrlRoutes = createRouter()
  .openapi(list, async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listRpcUrls(c.get("deps").db, { ...query, ownerId: ownerScope(c.get("session")!) });
    return c.json(paged(rows.map(toRpcUrlResponse), total, query.page, query.limit), 200);
  })
  .openapi(add, async (c) => {
    const session = c.get("session")!;
    const row = await createRpcUrl(c.get("deps").db, { type: session.userType, id: session.sub }, c.req.valid("json"));
    if (!row) throw new AppError("conflict", MESSAGES.rpcUrlLimit);
    return c.json({ message: MESSAGES.rpcAdded, data: toRpcUrlResponse(row) }, 201);
  })
  .openapi(edit, async (c) => {
    const { _id, ...input } = c.req.valid("json");
    const row = await changeRpcUrl(c, _id, async (tx, before) => {
      const after = await updateRpcUrl(tx, _id, input);
      return {
        after,
        audit: { action: "rpcUrl.edit", before: toRpcUrlResponse(before), after: toRpcUrlResponse(after) },
      };
    });
    return c.json({ message: MESSAGES.rpcEdited, data: toRpcUrlResponse(row) }, 200);
  })
  .openapi(remove, async (c) => {
    const { id } = c.req.valid("json");
    await changeRpcUrl(c, id, async (tx, before) => {
      await deleteRpcUrl(tx, id);
      return { after: before, audit: { action: "rpcUrl.delete", before: toRpcUrlResponse(before), after: null } };
    });
    return c.json({ message: MESSAGES.rpcDeleted }, 200);
  });

/**
 * One change of an RPC URL record, in a transaction on the locked record: an operator's own only (404 otherwise), any
 * for an admin, whose change of another account's record goes to the audit trail with what it was and became.
 */
async function changeRpcUrl(
  c: Context<AppEnv>,
  id: string,
  change: (
    tx: Db,
    before: Selectable<RpcUrlTable>,
  ) => Promise<{
    after: Selectable<RpcUrlTable>;
    audit: { action: "rpcUrl.edit" | "rpcUrl.delete"; before: unknown; after: unknown };
  }>,
): Promise<Selectable<RpcUrlTable>> {
  const session = c.get("session")!;
  return c
    .get("deps")
    .db.transaction()
    .execute(async (tx) => {
      const before = await lockRpcUrl(tx, id, ownerScope(session));
      if (!before) throw new AppError("notFound", MESSAGES.notFound);
      const { after, audit } = await change(tx, before);
      const othersRecord = before.owner_type !== session.userType || before.owner_id !== session.sub;
      if (session.userType === USER_TYPE.admin && othersRecord)
        await recordAudit(tx, { by: auditActor(c), ...audit, recordType: "rpcUrl", recordId: id });
      return after;
    });
}
