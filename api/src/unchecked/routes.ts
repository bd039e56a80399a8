/**
 * Chain activity the contract does not check, shown to admins (`/api/unchecked`): stakes without an approved request,
 * amounts off the multiple, and stake limit changes not made through the portal.
 */
import { createRoute } from "@hono/zod-openapi";
import { adminOnly } from "../auth/index.ts";
import { cachedJson } from "../shared/cached-answer.ts";
import { paged } from "../shared/list.ts";
import { createRouter, describe, ERROR_RESPONSES as E, jsonResponse } from "../shared/openapi.ts";
import { countUnchecked, listUnchecked } from "./repository.ts";
import { uncheckedPageSchema, uncheckedQuerySchema, UNCHECKED_PATHS } from "./schema.ts";

const list = createRoute({
  method: "get",
  path: UNCHECKED_PATHS.root,
  ...describe(
    "admin",
    "Chain activity the contract does not check, newest first: stakes and top-ups on a node without an Approved request, amounts off the multiple in force when staked, and stake limit changes the settings page did not send; kind narrows the list, counts are every kind's",
  ),
  middleware: [adminOnly] as const,
  request: { query: uncheckedQuerySchema },
  responses: {
    200: jsonResponse(uncheckedPageSchema, "A page of unchecked activity"),
    400: E[400],
    401: E[401],
    403: E[403],
  },
});

export const uncheckedRoutes = createRouter().openapi(list, async (c) => {
  const { db } = c.get("deps");
  const query = c.req.valid("query");
  return cachedJson(c, query, async () => {
    const [docs, counts] = await Promise.all([listUnchecked(db, query), countUnchecked(db)]);
    const total = query.kind
      ? counts[query.kind]
      : counts.noApprovedRequest + counts.offMultiple + counts.limitChangeOutsidePortal;
    return { ...paged(docs, total, query.page, query.limit), counts };
  });
});
