/**
 * The public network page's answer (`/api/network`: stake, Active nodes, reward pool, payouts and the uptime
 * leaderboard) and each operator's choice to show their node names on it (`/api/network/listing`).
 */
import { createRoute } from "@hono/zod-openapi";
import { userBefore2fa } from "../auth/index.ts";
import { publicCachedJson } from "../shared/cached-answer.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { networkFigures, networkListingOf, saveNetworkListing } from "./repository.ts";
import {
  NETWORK_MESSAGES,
  NETWORK_PATHS,
  networkListingSavedSchema,
  networkListingSchema,
  networkSchema,
} from "./schema.ts";

const { 400: invalid, 401: unauthorized, 403: forbidden } = ERROR_RESPONSES;

const figures = createRoute({
  method: "get",
  path: NETWORK_PATHS.root,
  ...describe(
    "public",
    "The public network page: total staked, active nodes, reward pool, payouts per month and the node leaderboard by 30-day reputation (node names only where their operator chose to show them)",
  ),
  responses: { 200: jsonResponse(networkSchema, "The network's figures, the same for every reader") },
});

const readListing = createRoute({
  method: "get",
  path: NETWORK_PATHS.listing,
  ...describe("user", "Whether the public network page shows the signed-in operator's node names"),
  middleware: [userBefore2fa] as const,
  responses: { 200: jsonResponse(networkListingSchema, "The operator's choice"), 401: unauthorized, 403: forbidden },
});

const saveListing = createRoute({
  method: "put",
  path: NETWORK_PATHS.listing,
  ...describe("user", "Show or hide the signed-in operator's node names on the public network page"),
  middleware: [userBefore2fa] as const,
  request: jsonBody(networkListingSchema),
  responses: {
    200: jsonResponse(networkListingSavedSchema, "Saved"),
    400: invalid,
    401: unauthorized,
    403: forbidden,
  },
});

export const networkRoutes = createRouter()
  .openapi(figures, (c) => publicCachedJson(c, () => networkFigures(c.get("deps").db, new Date())))
  .openapi(readListing, async (c) => c.json(await networkListingOf(c.get("deps").db, c.get("session")!.sub), 200))
  .openapi(saveListing, async (c) => {
    const { db } = c.get("deps");
    const operatorId = c.get("session")!.sub;
    await saveNetworkListing(db, operatorId, c.req.valid("json").showNodeNames);
    return c.json({ message: NETWORK_MESSAGES.networkListingSaved, data: await networkListingOf(db, operatorId) }, 200);
  });
