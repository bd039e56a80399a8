/**
 * The built-in validator directory: the wallets that may sign in and their role (Validator, Standby), added, changed,
 * removed, imported and exported as CSV; read-only while `VALIDATOR_CHECK_URL` is set (`/api/validator*`).
 */
import { createRoute } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import { auditActor, recordAudit } from "../audit/index.ts";
import { adminOnly } from "../auth/index.ts";
import { MESSAGES } from "../public-contract/index.ts";
import { csvHeaders, csvResponse, csvStream } from "../shared/csv.ts";
import { AppError, validationError } from "../shared/errors.ts";
import { checkImportRows, importBodySchema } from "../shared/import-rows.ts";
import { paged } from "../shared/list.ts";
import { createRouter, describe, ERROR_RESPONSES as E, jsonBody, jsonResponse } from "../shared/openapi.ts";
import { listQuerySchema, messageSchema } from "../shared/schema.ts";
import {
  addValidator,
  allValidators,
  applyDirectoryRoles,
  deleteValidator,
  endOperatorSessions,
  findValidator,
  forgetOperator,
  importValidators,
  listValidators,
  setValidatorRole,
  toValidatorResponse,
} from "./repository.ts";
import {
  validatorDeleteSchema,
  validatorEntrySchema,
  validatorImportedSchema,
  validatorPageSchema,
  validatorRoleSchema,
  validatorSavedSchema,
  VALIDATOR_EXPORT_FILE,
  VALIDATOR_PATHS,
} from "./schema.ts";

/** With an external validator-check service, sign-in never reads the directory: changing it would mislead. */
const directoryWritable = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get("deps").config.VALIDATOR_CHECK_URL) throw new AppError("conflict", MESSAGES.validatorDirectoryExternal);
  await next();
});

const guarded = { 400: E[400], 401: E[401], 403: E[403] } as const;

const list = createRoute({
  method: "get",
  path: VALIDATOR_PATHS.root,
  ...describe("admin", "The built-in validator directory (who may sign in, and as which role), newest first"),
  middleware: [adminOnly] as const,
  request: { query: listQuerySchema },
  responses: { 200: jsonResponse(validatorPageSchema, "A page of the directory"), ...guarded },
});

const add = createRoute({
  method: "post",
  path: VALIDATOR_PATHS.root,
  ...describe("admin", "Admit one wallet (0x… or xdc…) as Validator or Standby"),
  middleware: [adminOnly, directoryWritable] as const,
  request: jsonBody(validatorEntrySchema),
  responses: { 201: jsonResponse(validatorSavedSchema, "Added"), ...guarded, 409: E[409] },
});

const role = createRoute({
  method: "post",
  path: VALIDATOR_PATHS.role,
  ...describe("admin", "Change a wallet's role; it applies from the operator's next sign-in"),
  middleware: [adminOnly, directoryWritable] as const,
  request: jsonBody(validatorRoleSchema),
  responses: { 200: jsonResponse(validatorSavedSchema, "Changed"), ...guarded, 404: E[404], 409: E[409] },
});

const remove = createRoute({
  method: "post",
  path: VALIDATOR_PATHS.delete,
  ...describe("admin", "Remove a wallet from the directory, ending the operator's sessions at once"),
  middleware: [adminOnly, directoryWritable] as const,
  request: jsonBody(validatorDeleteSchema),
  responses: { 200: jsonResponse(messageSchema, "Removed"), ...guarded, 404: E[404], 409: E[409] },
});

const importRoute = createRoute({
  method: "post",
  path: VALIDATOR_PATHS.import,
  ...describe(
    "admin",
    "Import rows of {walletAddress, email?, userRole}: all saved or none; a wallet already listed takes the row's email and role; errors per row as `rows.<index>.<field>`",
  ),
  middleware: [adminOnly, directoryWritable] as const,
  request: jsonBody(importBodySchema),
  responses: { 200: jsonResponse(validatorImportedSchema, "Imported"), ...guarded, 409: E[409], 413: E[413] },
});

const exportRoute = createRoute({
  method: "get",
  path: VALIDATOR_PATHS.export,
  ...describe("admin", "The whole directory as CSV, in the import's columns"),
  middleware: [adminOnly] as const,
  responses: { 200: csvResponse(VALIDATOR_EXPORT_FILE), 401: E[401], 403: E[403] },
});

const EXPORT_COLUMNS = ["walletAddress", "email", "userRole", "createdAt"];

export const validatorRoutes = createRouter()
  .openapi(list, async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listValidators(c.get("deps").db, query);
    const page = paged(rows.map(toValidatorResponse), total, query.page, query.limit);
    return c.json({ ...page, managedExternally: Boolean(c.get("deps").config.VALIDATOR_CHECK_URL) }, 200);
  })
  .openapi(add, async (c) => {
    const by = auditActor(c);
    const entry = c.req.valid("json");
    const row = await c
      .get("deps")
      .db.transaction()
      .execute(async (tx) => {
        const added = await addValidator(tx, entry);
        if (added)
          await recordAudit(tx, {
            by,
            action: "validator.add",
            recordType: "validator",
            recordId: added.wallet_address,
            before: null,
            after: { email: added.email, userRole: added.user_role },
          });
        return added;
      });
    if (!row) throw validationError({ walletAddress: MESSAGES.validatorExists });
    return c.json({ message: MESSAGES.validatorAdded, data: toValidatorResponse(row) }, 201);
  })
  .openapi(role, async (c) => {
    const by = auditActor(c);
    const { walletAddress, userRole } = c.req.valid("json");
    const row = await c
      .get("deps")
      .db.transaction()
      .execute(async (tx) => {
        const before = await findValidator(tx, walletAddress);
        if (!before) return undefined;
        const changed = await setValidatorRole(tx, walletAddress, userRole);
        const operators = await applyDirectoryRoles(tx, [walletAddress]);
        await recordAudit(tx, {
          by,
          action: "validator.role",
          recordType: "validator",
          recordId: walletAddress,
          before: { userRole: before.user_role },
          after: { userRole },
        });
        return changed && { changed, operators };
      });
    if (!row) throw new AppError("notFound", MESSAGES.notFound);
    row.operators.forEach(forgetOperator);
    return c.json({ message: MESSAGES.validatorRoleChanged, data: toValidatorResponse(row.changed) }, 200);
  })
  .openapi(remove, async (c) => {
    const by = auditActor(c);
    const { walletAddress } = c.req.valid("json");
    const result = await c
      .get("deps")
      .db.transaction()
      .execute(async (tx) => {
        const removed = await deleteValidator(tx, walletAddress);
        if (!removed) return undefined;
        const operator = await endOperatorSessions(tx, walletAddress);
        await recordAudit(tx, {
          by,
          action: "validator.remove",
          recordType: "validator",
          recordId: walletAddress,
          before: { email: removed.email, userRole: removed.user_role },
          after: null,
        });
        return { operatorId: operator?.id };
      });
    if (!result) throw new AppError("notFound", MESSAGES.notFound);
    if (result.operatorId) forgetOperator(result.operatorId);
    return c.json({ message: MESSAGES.validatorRemoved }, 200);
  })
  .openapi(importRoute, async (c) => {
    const by = auditActor(c);
    const checked = checkImportRows(c.req.valid("json").rows, validatorEntrySchema, "walletAddress");
    if (checked.errors) throw new AppError("validation", MESSAGES.importRefused, checked.errors);
    const rows = checked.rows;
    const result = await c
      .get("deps")
      .db.transaction()
      .execute(async (tx) => {
        const saved = await importValidators(tx, rows);
        const operators = await applyDirectoryRoles(
          tx,
          rows.map((row) => row.walletAddress),
        );
        await recordAudit(tx, {
          by,
          action: "validator.import",
          recordType: "validator",
          recordId: null,
          before: null,
          after: { ...saved, rows: rows.map((row) => ({ walletAddress: row.walletAddress, userRole: row.userRole })) },
        });
        return { saved, operators };
      });
    result.operators.forEach(forgetOperator);
    return c.json({ message: MESSAGES.validatorsImported, ...result.saved }, 200);
  })
  .openapi(exportRoute, async (c) =>
    c.body(
      csvStream(EXPORT_COLUMNS, allValidators(c.get("deps").db), (row) => [
        row.wallet_address,
        row.email,
        row.user_role,
        row.created_at.toISOString(),
      ]),
      200,
      csvHeaders(VALIDATOR_EXPORT_FILE),
    ),
  );
