import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { imageForm, JPEG_HEADER, PNG_1X1 } from "../../test/images.ts";
import { API, LIMITS, MESSAGES } from "../contract/index.ts";

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.addValidator(DEV_KEYS.validator);
  token = await t.operatorToken(DEV_KEYS.validator);
});
afterAll(() => t?.close());

describe("POST /upload and GET /static/{file}", () => {
  it("stores a PNG under a random name and serves it with its content type", async () => {
    const response = await t.call("POST", API.upload, { token, body: imageForm(PNG_1X1, "logo.png") });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(MESSAGES.imageUploaded);
    expect(response.body.file).toMatch(/^[0-9a-f-]{36}\.png$/);
    const served = await t.app.request(`${API.staticFiles}/${response.body.file}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);
  });

  it("decides the type by content: a JPEG named .png is stored as .jpg, a text file named .png is refused", async () => {
    const jpeg = await t.call("POST", API.upload, { token, body: imageForm(JPEG_HEADER, "photo.png") });
    expect(jpeg.body.file).toMatch(/\.jpg$/);
    const fake = await t.call("POST", API.upload, { token, body: imageForm(Buffer.from("<?php echo 1; ?>"), "shell.png") });
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

  it("is for signed-in users only", async () => {
    expect((await t.call("POST", API.upload, { body: imageForm(PNG_1X1, "a.png") })).status).toBe(401);
  });
});
