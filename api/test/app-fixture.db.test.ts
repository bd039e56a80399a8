import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../scripts/lib/dev-accounts.ts";
import { API } from "../src/public-contract/index.ts";
import { createTestApp } from "./app-fixture.ts";
import { imageForm, PNG_1X1 } from "./images.ts";

describe("the test app", () => {
  it("leaves nothing in the temp directory once closed, not even the images uploaded to it", async () => {
    const t = await createTestApp();
    const folder = path.dirname(t.config.UPLOAD_DIR);
    try {
      await t.addValidator(DEV_KEYS.validator);
      const token = await t.operatorToken(DEV_KEYS.validator);
      expect((await t.call("POST", API.upload, { token, body: imageForm(PNG_1X1, "logo.png") })).status).toBe(200);
      expect(readdirSync(t.config.UPLOAD_DIR)).toHaveLength(1);
    } finally {
      await t.close();
    }
    expect(existsSync(folder)).toBe(false);
  });
});
