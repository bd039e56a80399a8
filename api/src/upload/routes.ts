/**
 * Uploaded images: checked, decoded and stored under `UPLOAD_DIR` within each account's hourly and stored quotas, and
 * served back at `/static`.
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createRoute } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import { IMAGE_TYPES, LIMITS, MESSAGES } from "../public-contract/index.ts";
import { signedIn } from "../auth/index.ts";
import { AppError, validationError } from "../shared/errors.ts";
import { createRouter, describe, ERROR_RESPONSES as E, jsonResponse } from "../shared/openapi.ts";
import { accountOf, enforceLimits, LIMITS_BY_ROUTE as L } from "../rate-limit/index.ts";
import { writeFileWithRecord } from "../shared/file-with-record.ts";
import { checkUploadQuota } from "./quota.ts";
import { findUpload, lockUploads, recordUpload, uploadUsage } from "./repository.ts";
import { reencodeImage, sniffImageType, STORED_NAME } from "./image.ts";
import { staticParamsSchema, UPLOAD_PATHS, uploadFormSchema, uploadResponseSchema } from "./schema.ts";

const MULTIPART_OVERHEAD = 64 * 1024;

/** The upload route's body limit (the app applies it before anything reads the form). */
export const uploadLimit = bodyLimit({
  maxSize: LIMITS.uploadMaxBytes + MULTIPART_OVERHEAD,
  onError: () => {
    throw new AppError("payloadTooLarge", MESSAGES.fileTooLarge, { file: MESSAGES.fileTooLarge });
  },
});

/** Counts the upload in the account's hourly budget before the form is read. */
const uploadBudget = createMiddleware<AppEnv>(async (c, next) => {
  await enforceLimits(c, [[L.uploadAccount, accountOf(c.get("session")!)]], MESSAGES.uploadsTooMany);
  await next();
});

const upload = createRoute({
  method: "post",
  path: UPLOAD_PATHS.upload,
  ...describe(
    "signed-in",
    `Upload a .png/.jpg/.jpeg image (at most 2 MB); at most ${LIMITS.uploadsPerHour} an hour per account, and ${LIMITS.uploadQuotaBytes / 1024 / 1024} MB or ${LIMITS.uploadQuotaFiles} images stored per account (413 with the field \`file\` beyond)`,
  ),
  middleware: [signedIn, uploadBudget] as const,
  request: { body: { content: { "multipart/form-data": { schema: uploadFormSchema } }, required: true } },
  responses: {
    200: jsonResponse(uploadResponseSchema, "The stored file name"),
    400: E[400],
    401: E[401],
    413: E[413],
    429: E[429],
  },
});

const serve = createRoute({
  method: "get",
  path: `${UPLOAD_PATHS.staticFiles}/{file}` as const,
  ...describe("public", "An uploaded image"),
  request: { params: staticParamsSchema },
  responses: {
    200: {
      description: "The image",
      content: {
        "image/png": { schema: { type: "string", format: "binary" } },
        "image/jpeg": { schema: { type: "string", format: "binary" } },
      },
    },
    404: E[404],
  },
});

export const uploadRoutes = createRouter().openapi(upload, async (c) => {
  const form = c.req.valid("form");
  const file: unknown = form.file;
  if (!(file instanceof File) || file.size === 0) throw validationError({ file: MESSAGES.fileRequired });
  if (file.size > LIMITS.uploadMaxBytes)
    throw new AppError("payloadTooLarge", MESSAGES.fileTooLarge, { file: MESSAGES.fileTooLarge });
  const { config, db } = c.get("deps");
  const uploader = accountOf(c.get("session")!);
  checkUploadQuota(await uploadUsage(db, uploader), file.size);
  const received = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(received);
  if (!type) throw validationError({ file: MESSAGES.fileType });
  const bytes = await reencodeImage(received, type);
  const originalName = String(form.filename ?? file.name).slice(0, 200);
  const storedName = `${randomUUID()}.${IMAGE_TYPES[type]}`;
  await writeFileWithRecord(db, path.join(config.UPLOAD_DIR, storedName), bytes, async (trx) => {
    await lockUploads(trx, uploader);
    checkUploadQuota(await uploadUsage(trx, uploader), bytes.length);
    await recordUpload(trx, {
      file_name: storedName,
      original_name: originalName,
      content_type: type,
      size: bytes.length,
      uploaded_by: uploader,
    });
  });
  return c.json({ file: storedName, message: MESSAGES.imageUploaded }, 200);
});

/** Serves stored uploads by their server-given name only, so no path can leave the upload folder. */
export const staticRoutes = createRouter().openapi(serve, async (c) => {
  const name = c.req.valid("param").file;
  if (!STORED_NAME.test(name)) throw new AppError("notFound", MESSAGES.notFound);
  const stored = await findUpload(c.get("deps").db, name);
  if (!stored) throw new AppError("notFound", MESSAGES.notFound);
  const bytes = await readFile(path.join(c.get("deps").config.UPLOAD_DIR, name)).catch(() => null);
  if (!bytes) throw new AppError("notFound", MESSAGES.notFound);
  return c.body(bytes, 200, {
    "content-type": stored.content_type,
    "content-disposition": `inline; filename="${name}"`,
    "cache-control": "public, max-age=31536000, immutable",
  });
});
