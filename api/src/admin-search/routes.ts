/** The admin's search across everything (issue 44): paste a wallet, transaction hash, email, node address or IP. */
import { createRoute } from "@hono/zod-openapi";
import { adminOnly } from "../auth/index.ts";
import { createRouter, describe, ERROR_RESPONSES as E, jsonResponse } from "../shared/openapi.ts";
import { searchRecords } from "./repository.ts";
import { ADMIN_SEARCH_PATHS, adminSearchQuerySchema, adminSearchResultSchema, searchTermOf } from "./schema.ts";

const search = createRoute({
  method: "get",
  path: ADMIN_SEARCH_PATHS.root,
  ...describe(
    "admin",
    "The records a pasted value names exactly: operators by wallet (0x or xdc) or email, nodes by node address, owner wallet or IP, stakes and incentives by transaction hash",
  ),
  middleware: [adminOnly] as const,
  request: { query: adminSearchQuerySchema },
  responses: {
    200: jsonResponse(adminSearchResultSchema, "What matched, possibly nothing"),
    400: E[400],
    401: E[401],
    403: E[403],
  },
});

export const adminSearchRoutes = createRouter().openapi(search, async (c) => {
  const { db } = c.get("deps");
  const term = searchTermOf(c.req.valid("query").q)!;
  return c.json({ hits: await searchRecords(db, term) }, 200);
});
