import { Hono } from "hono";
import { deleteByIdSchema, listQuerySchema, MESSAGES, rpcUrlEditSchema, rpcUrlSchema, USER_TYPE, type SessionClaims } from "../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import { signedIn } from "../auth/middleware.ts";
import { AppError } from "../shared/errors.ts";
import { paged } from "../shared/paging.ts";
import { validate } from "../shared/validate.ts";
import { createRpcUrl, deleteRpcUrl, listRpcUrls, toRpcUrlResponse, updateRpcUrl } from "./repository.ts";

/** Operators reach only their own records; admins reach every record. */
const ownerScope = (session: SessionClaims) => (session.userType === USER_TYPE.admin ? undefined : session.sub);

export const rpcUrlRoutes = new Hono<AppEnv>()
  .use(signedIn)
  .get("/", validate("query", listQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listRpcUrls(c.var.deps.db, { ...query, ownerId: ownerScope(c.get("session")!) });
    return c.json(paged(rows.map(toRpcUrlResponse), total, query.page, query.limit));
  })
  .post("/", validate("json", rpcUrlSchema), async (c) => {
    const session = c.get("session")!;
    const row = await createRpcUrl(c.var.deps.db, { type: session.userType, id: session.sub }, c.req.valid("json"));
    return c.json({ message: MESSAGES.rpcAdded, data: toRpcUrlResponse(row) }, 201);
  })
  .post("/edit", validate("json", rpcUrlEditSchema), async (c) => {
    const { _id, ...input } = c.req.valid("json");
    const row = await updateRpcUrl(c.var.deps.db, _id, input, ownerScope(c.get("session")!));
    if (!row) throw new AppError("notFound", MESSAGES.notFound);
    return c.json({ message: MESSAGES.rpcEdited, data: toRpcUrlResponse(row) });
  })
  .post("/delete", validate("json", deleteByIdSchema), async (c) => {
    const deleted = await deleteRpcUrl(c.var.deps.db, c.req.valid("json").id, ownerScope(c.get("session")!));
    if (!deleted) throw new AppError("notFound", MESSAGES.notFound);
    return c.json({ message: MESSAGES.rpcDeleted });
  });
