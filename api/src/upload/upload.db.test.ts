import { readdirSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import sharp from "sharp";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { imageForm, jpegWithMetadata, PNG_1X1, pngOfSize } from "../../test/images.ts";
import { API, LIMITS, MESSAGES } from "../public-contract/index.ts";

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.addValidator(DEV_KEYS.validator);
  token = await t.operatorToken(DEV_KEYS.validator);
});
afterAll(() => t?.close());

describe("POST /upload and GET /static/{file}", () => {
  it("stores a PNG under a random name and serves it as an inert image: type, nosniff, safe disposition, sandbox", async () => {
    const response = await t.call("POST", API.upload, { token, body: imageForm(PNG_1X1, "logo.png") });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe("Image Uploaded Successfully");
    expect(response.body.file).toMatch(/^[0-9a-f-]{36}\.png$/);
    const served = await t.app.request(`${API.staticFiles}/${response.body.file}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-disposition")).toBe(`inline; filename="${response.body.file}"`);
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    const stored = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(["png", 1, 1]);
  });

  it("decides the type by content: a JPEG named .png is stored as .jpg, a text file named .png is refused", async () => {
    const jpeg = await t.call("POST", API.upload, { token, body: imageForm(await jpegWithMetadata(), "photo.png") });
    expect(jpeg.body.file).toMatch(/\.jpg$/);
    const fake = await t.call("POST", API.upload, {
      token,
      body: imageForm(Buffer.from("<?php echo 1; ?>"), "shell.png"),
    });
    expect(fake.status).toBe(400);
    expect(fake.body.errors.file).toBe(MESSAGES.fileType);
  });

  it("never uses the given name for the path: a traversal filename is stored under a random name", async () => {
    const response = await t.call("POST", API.upload, { token, body: imageForm(PNG_1X1, "../../etc/passwd.png") });
    expect(response.status).toBe(200);
    expect(response.body.file).not.toContain("..");
    expect(readdirSync(t.config.UPLOAD_DIR)).toContain(response.body.file);
    for (const path of ["/static/..%2F..%2Fetc%2Fpasswd", "/static/%2e%2e%2fpackage.json", "/static/notstored.png"]) {
      expect((await t.app.request(path)).status).toBe(404);
    }
  });

  it("refuses a file over 2 MB with 413 and a missing file with a field error", async () => {
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(LIMITS.uploadMaxBytes)]);
    const tooBig = await t.call("POST", API.upload, { token, body: imageForm(big, "big.png") });
    expect(tooBig.status).toBe(413);
    const none = await t.call("POST", API.upload, { token, body: new FormData() });
    expect(none.status).toBe(400);
    expect(none.body.errors.file).toBe(MESSAGES.fileRequired);
  });

  it("decodes the whole image: a PNG or JPEG header followed by HTML, or a cut-off image, is refused", async () => {
    const html = Buffer.from("<html><script>alert(document.cookie)</script></html>");
    const pngThenHtml = Buffer.concat([PNG_1X1.subarray(0, 8), html]);
    const jpegThenHtml = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), html]);
    const full = await jpegWithMetadata(64, 64);
    const cut = full.subarray(0, Math.floor(full.length / 2));
    const before = readdirSync(t.config.UPLOAD_DIR).length;
    for (const [bytes, name] of [
      [pngThenHtml, "x.png"],
      [jpegThenHtml, "x.jpg"],
      [cut, "cut.jpg"],
    ] as const) {
      const response = await t.call("POST", API.upload, { token, body: imageForm(bytes, name) });
      expect(response.status, name).toBe(400);
      expect(response.body.errors.file, name).toBe(MESSAGES.imageUnreadable);
    }
    expect(readdirSync(t.config.UPLOAD_DIR)).toHaveLength(before);
  });

  it("keeps only the pixels: the stored image is re-encoded, without the uploaded metadata or trailing bytes", async () => {
    const original = await jpegWithMetadata(8, 6);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await t.call("POST", API.upload, {
      token,
      body: imageForm(Buffer.concat([original, Buffer.from("<html>trailing</html>")]), "photo.jpg"),
    });
    expect(response.status).toBe(200);
    const served = Buffer.from(await (await t.app.request(`${API.staticFiles}/${response.body.file}`)).arrayBuffer());
    const stored = await sharp(served).metadata();
    expect([stored.format, stored.width, stored.height, stored.exif]).toEqual(["jpeg", 8, 6, undefined]);
    expect(served.includes("SecretCam")).toBe(false);
    expect(served.includes("<html>")).toBe(false);
  });

  it(`refuses an image wider or taller than ${LIMITS.imageMaxSide} pixels`, async () => {
    const wide = await t.call("POST", API.upload, {
      token,
      body: imageForm(await pngOfSize(LIMITS.imageMaxSide + 1, 1), "wide.png"),
    });
    expect(wide.status).toBe(400);
    expect(wide.body.errors.file).toBe(MESSAGES.imageTooWide);
    expect(
      (
        await t.call("POST", API.upload, {
          token,
          body: imageForm(await pngOfSize(1, LIMITS.imageMaxSide), "tall.png"),
        })
      ).status,
    ).toBe(200);
  });

  it("leaves no file when the database refuses the record, and no record when the file cannot be written", async () => {
    const before = readdirSync(t.config.UPLOAD_DIR).sort();
    await sql`create function app.refuse_upload() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(
      t.db,
    );
    await sql`create trigger refuse_upload before insert on app.upload for each row execute function app.refuse_upload()`.execute(
      t.db,
    );
    try {
      const refused = await t.call("POST", API.upload, { token, body: imageForm(PNG_1X1, "logo.png") });
      expect(refused.status).toBe(500);
      expect(readdirSync(t.config.UPLOAD_DIR).sort()).toEqual(before);
    } finally {
      await sql`drop trigger refuse_upload on app.upload`.execute(t.db);
      await sql`drop function app.refuse_upload()`.execute(t.db);
    }
    const rows = async () =>
      Number(
        (
          await t.db
            .selectFrom("app.upload")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const recorded = await rows();
    await rm(t.config.UPLOAD_DIR, { recursive: true });
    await writeFile(t.config.UPLOAD_DIR, "a file where the upload folder should be");
    try {
      const unwritable = await t.call("POST", API.upload, { token, body: imageForm(PNG_1X1, "logo.png") });
      expect(unwritable.status).toBe(500);
      expect(await rows()).toBe(recorded);
    } finally {
      await rm(t.config.UPLOAD_DIR);
    }
  });

  it("is for signed-in users only", async () => {
    expect((await t.call("POST", API.upload, { body: imageForm(PNG_1X1, "a.png") })).status).toBe(401);
  });
});
