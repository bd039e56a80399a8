/**
 * The bounty invite list: invited emails, added, removed or imported from CSV, whose owners' nodes carry the bounty
 * flag (`/api/invite/*`).
 */
import { createRoute } from "@hono/zod-openapi";
import { auditActor, recordAudit } from "../audit/index.ts";
import { adminOnly } from "../auth/index.ts";
import { MESSAGES } from "../public-contract/index.ts";
import { AppError, validationError } from "../shared/errors.ts";
import { checkImportRows, importBodySchema } from "../shared/import-rows.ts";
import { paged } from "../shared/list.ts";
import { createRouter, describe, ERROR_RESPONSES, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { listQuerySchema, messageSchema, pagedSchema } from "../shared/schema.ts";
import { addInvite, deleteInvite, importInvites, listInvites, toInviteResponse } from "./repository.ts";
import {
  inviteDeleteSchema,
  inviteImportedSchema,
  inviteResponseSchema,
  inviteSavedSchema,
  inviteSchema,
  INVITE_PATHS,
} from "./schema.ts";

const { 400: invalid, 401: unauthorized, 403: forbidden, 404: notFound, 413: tooLarge } = ERROR_RESPONSES;

const list = createRoute({
  method: "get",
  path: INVITE_PATHS.root,
  ...describe("admin", "Invited emails (a node whose owner's email is invited carries the bounty flag)"),
  middleware: [adminOnly] as const,
  request: { query: listQuerySchema },
  responses: {
    200: jsonResponse(pagedSchema(inviteResponseSchema), "A page of invites, newest first"),
    400: invalid,
    401: unauthorized,
    403: forbidden,
  },
});

const add = createRoute({
  method: "post",
  path: INVITE_PATHS.root,
  ...describe("admin", "Invite an email"),
  middleware: [adminOnly] as const,
  request: jsonBody(inviteSchema),
  responses: { 201: jsonResponse(inviteSavedSchema, "Added"), 400: invalid, 401: unauthorized, 403: forbidden },
});

const remove = createRoute({
  method: "post",
  path: INVITE_PATHS.delete,
  ...describe("admin", "Remove an invite"),
  middleware: [adminOnly] as const,
  request: jsonBody(inviteDeleteSchema),
  responses: {
    200: jsonResponse(messageSchema, "Removed"),
    400: invalid,
    401: unauthorized,
    403: forbidden,
    404: notFound,
  },
});

const importRoute = createRoute({
  method: "post",
  path: INVITE_PATHS.import,
  ...describe(
    "admin",
    "Import rows of {email}: all checked before any is saved; an email already invited stays as it is; errors per row as `rows.<index>.email`",
  ),
  middleware: [adminOnly] as const,
  request: jsonBody(importBodySchema),
  responses: {
    200: jsonResponse(inviteImportedSchema, "Imported"),
    400: invalid,
    401: unauthorized,
    403: forbidden,
    413: tooLarge,
  },
});

export const inviteRoutes = createRouter()
  .openapi(list, async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listInvites(c.get("deps").db, query);
    return c.json(paged(rows.map(toInviteResponse), total, query.page, query.limit), 200);
  })
  .openapi(add, async (c) => {
    const by = auditActor(c);
    const row = await c
      .get("deps")
      .db.transaction()
      .execute(async (tx) => {
        const added = await addInvite(tx, c.req.valid("json").email, c.get("session")!.sub);
        if (added)
          await recordAudit(tx, {
            by,
            action: "invite.add",
            recordType: "invite",
            recordId: added.id,
            before: null,
            after: { email: added.email },
          });
        return added;
      });
    if (!row) throw validationError({ email: MESSAGES.inviteExists });
    return c.json({ message: MESSAGES.inviteAdded, data: toInviteResponse(row) }, 201);
  })
  .openapi(remove, async (c) => {
    const by = auditActor(c);
    const deleted = await c
      .get("deps")
      .db.transaction()
      .execute(async (tx) => {
        const removed = await deleteInvite(tx, c.req.valid("json").id);
        if (removed)
          await recordAudit(tx, {
            by,
            action: "invite.remove",
            recordType: "invite",
            recordId: removed.id,
            before: { email: removed.email },
            after: null,
          });
        return removed;
      });
    if (!deleted) throw new AppError("notFound", MESSAGES.notFound);
    return c.json({ message: MESSAGES.inviteRemoved }, 200);
  })
  .openapi(importRoute, async (c) => {
    const by = auditActor(c);
    const checked = checkImportRows(c.req.valid("json").rows, inviteSchema, "email");
    if (checked.errors) throw new AppError("validation", MESSAGES.importRefused, checked.errors);
    const emails = checked.rows.map((row) => row.email);
    const added = await c
      .get("deps")
      .db.transaction()
      .execute(async (tx) => {
        const count = await importInvites(tx, emails, c.get("session")!.sub);
        await recordAudit(tx, {
          by,
          action: "invite.import",
          recordType: "invite",
          recordId: null,
          before: null,
          after: { added: count, alreadyInvited: emails.length - count },
        });
        return count;
      });
    return c.json({ message: MESSAGES.invitesImported, added, alreadyInvited: emails.length - added }, 200);
  });
