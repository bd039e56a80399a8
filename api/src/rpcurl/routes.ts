/**
 * Full node RPC URLs: an operator's own list, all of them for an admin, added, edited and deleted by their owner or an
 * admin (the spec's `/api/rpcurl/*`).
 */
import { createRoute } from "@hono/zod-openapi";
import { MESSAGES } from "../public-contract/index.ts";
import { signedIn, ownerScope } from "../auth/index.ts";
import { AppError } from "../shared/errors.ts";
import { paged } from "../shared/list.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { deleteByIdSchema, listQuerySchema, messageSchema, pagedSchema } from "../shared/schema.ts";
import { createRpcUrl, deleteRpcUrl, listRpcUrls, toRpcUrlResponse, updateRpcUrl } from "./repository.ts";
import { rpcUrlEditSchema, rpcUrlResponseSchema, rpcUrlSavedSchema, rpcUrlSchema, RPC_PATHS } from "./schema.ts";

const { 400: invalid, 401: unauthorized, 404: notFound } = ERROR_RESPONSES;

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
  ...describe("signed-in", "Add an RPC URL"),
  middleware: [signedIn] as const,
  request: jsonBody(rpcUrlSchema),
  responses: { 201: jsonResponse(rpcUrlSavedSchema, "Added"), 400: invalid, 401: unauthorized },
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
    return c.json({ message: MESSAGES.rpcAdded, data: toRpcUrlResponse(row) }, 201);
  })
  .openapi(edit, async (c) => {
    const { _id, ...input } = c.req.valid("json");
    const row = await updateRpcUrl(c.get("deps").db, _id, input, ownerScope(c.get("session")!));
    if (!row) throw new AppError("notFound", MESSAGES.notFound);
    return c.json({ message: MESSAGES.rpcEdited, data: toRpcUrlResponse(row) }, 200);
  })
  .openapi(remove, async (c) => {
    const deleted = await deleteRpcUrl(c.get("deps").db, c.req.valid("json").id, ownerScope(c.get("session")!));
    if (!deleted) throw new AppError("notFound", MESSAGES.notFound);
    return c.json({ message: MESSAGES.rpcDeleted }, 200);
  });
