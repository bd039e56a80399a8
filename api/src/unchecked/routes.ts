/**
 * Chain activity the contract does not check, shown to admins (`/api/unchecked`): stakes without an approved request,
 * amounts off the multiple, and stake limit changes not made through the portal; each can be marked reviewed.
 */
import { createRoute } from "@hono/zod-openapi";
import { auditActor, recordAudit } from "../audit/index.ts";
import { adminOnly } from "../auth/index.ts";
import { cachedJson } from "../shared/cached-answer.ts";
import { AppError } from "../shared/errors.ts";
import { paged } from "../shared/list.ts";
import { createRouter, describe, ERROR_RESPONSES as E, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { messageSchema } from "../shared/schema.ts";
import { countUnchecked, findUnchecked, insertReview, listUnchecked, reviewOf } from "./repository.ts";
import {
  uncheckedPageSchema,
  uncheckedQuerySchema,
  uncheckedReviewBodySchema,
  UNCHECKED_MESSAGES,
  UNCHECKED_PATHS,
} from "./schema.ts";

const list = createRoute({
  method: "get",
  path: UNCHECKED_PATHS.root,
  ...describe(
    "admin",
    "Chain activity the contract does not check and no admin marked reviewed, newest first: stakes and top-ups on a node without an Approved request, amounts off the multiple in force when staked, and stake limit changes the settings page did not send; kind narrows the list, counts are every kind's",
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

const review = createRoute({
  method: "post",
  path: UNCHECKED_PATHS.review,
  ...describe(
    "admin",
    "Marks one item of unchecked activity reviewed, with a note kept in the audit log; the item is (kind, tnxHash, logIndex). Sent again, it answers 200 and changes nothing",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(uncheckedReviewBodySchema),
  responses: {
    200: jsonResponse(messageSchema, "Marked reviewed, or already"),
    400: E[400],
    401: E[401],
    403: E[403],
    404: E[404],
  },
});

export const uncheckedRoutes = createRouter()
  .openapi(list, async (c) => {
    const { db } = c.get("deps");
    const query = c.req.valid("query");
    return cachedJson(c, query, async () => {
      const [docs, counts] = await Promise.all([listUnchecked(db, query), countUnchecked(db)]);
      const total = query.kind
        ? counts[query.kind]
        : counts.noApprovedRequest + counts.offMultiple + counts.limitChangeOutsidePortal;
      return { ...paged(docs, total, query.page, query.limit), counts };
    });
  })
  .openapi(review, async (c) => {
    const { db } = c.get("deps");
    const item = c.req.valid("json");
    const by = auditActor(c);
    const fresh = await db.transaction().execute(async (tx) => {
      if (!(await findUnchecked(tx, item))) {
        if (await reviewOf(tx, item)) return false;
        throw new AppError("notFound", UNCHECKED_MESSAGES.uncheckedNotFound);
      }
      if (!(await insertReview(tx, { ...item, adminId: by.adminId }))) return false;
      await recordAudit(tx, {
        by,
        action: "unchecked.review",
        recordType: "uncheckedActivity",
        recordId: `${item.kind}:${item.tnxHash}:${item.logIndex}`,
        after: { kind: item.kind, logIndex: item.logIndex, note: item.note },
        txHash: item.tnxHash,
      });
      return true;
    });
    const message = fresh ? UNCHECKED_MESSAGES.uncheckedReviewed : UNCHECKED_MESSAGES.uncheckedAlreadyReviewed;
    return c.json({ message }, 200);
  });
