import { randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { IMAGE_TYPES, LIMITS, MESSAGES } from "../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import { signedIn } from "../auth/middleware.ts";
import { AppError, validationError } from "../shared/errors.ts";
import { findUpload, recordUpload } from "./repository.ts";
import { sniffImageType, STORED_NAME } from "./image.ts";

const MULTIPART_OVERHEAD = 64 * 1024;

export const uploadRoutes = new Hono<AppEnv>().post(
  "/",
  signedIn,
  bodyLimit({
    maxSize: LIMITS.uploadMaxBytes + MULTIPART_OVERHEAD,
    onError: () => {
      throw new AppError("payloadTooLarge", MESSAGES.fileTooLarge, { file: MESSAGES.fileTooLarge });
    },
  }),
  async (c) => {
    const form = await c.req.parseBody().catch(() => {
      throw validationError({ file: MESSAGES.fileRequired });
    });
    const file = form.file;
    if (!(file instanceof File) || file.size === 0) throw validationError({ file: MESSAGES.fileRequired });
    if (file.size > LIMITS.uploadMaxBytes) throw new AppError("payloadTooLarge", MESSAGES.fileTooLarge, { file: MESSAGES.fileTooLarge });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffImageType(bytes);
    if (!type) throw validationError({ file: MESSAGES.fileType });
    const originalName = String(typeof form.filename === "string" ? form.filename : file.name).slice(0, 200);
    const storedName = `${randomUUID()}.${IMAGE_TYPES[type]}`;
    const { config, db } = c.var.deps;
    await mkdir(config.UPLOAD_DIR, { recursive: true });
    await writeFile(path.join(config.UPLOAD_DIR, storedName), bytes, { flag: "wx" });
    const session = c.get("session")!;
    await recordUpload(db, { file_name: storedName, original_name: originalName, content_type: type, size: bytes.length, uploaded_by: `${session.userType}:${session.sub}` });
    return c.json({ file: storedName, message: MESSAGES.imageUploaded });
  },
);

/** Serves stored uploads by their server-given name only, so no path can leave the upload folder. */
export const staticRoutes = new Hono<AppEnv>().get("/:file", async (c) => {
  const name = c.req.param("file");
  if (!STORED_NAME.test(name)) throw new AppError("notFound", MESSAGES.notFound);
  const upload = await findUpload(c.var.deps.db, name);
  if (!upload) throw new AppError("notFound", MESSAGES.notFound);
  const bytes = await readFile(path.join(c.var.deps.config.UPLOAD_DIR, name)).catch(() => null);
  if (!bytes) throw new AppError("notFound", MESSAGES.notFound);
  return c.body(bytes, 200, { "content-type": upload.content_type, "cache-control": "public, max-age=31536000, immutable" });
});
