import { existsSync, readdirSync } from "node:fs";
import { generatePrivateKey } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { imageForm, PNG_1X1 } from "../../test/images.ts";
import { newOperator } from "../../test/nodes.ts";
import { API, LIMITS, MESSAGES } from "../public-contract/index.ts";
import { formParser } from "../shared/control-characters.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Operator = Awaited<ReturnType<typeof newOperator>>;

const upload = (operator: Operator, bytes: Uint8Array = PNG_1X1, name = "logo.png") =>
  t.call("POST", API.upload, { token: operator.token, body: imageForm(bytes, name) });
const storedFiles = () => (existsSync(t.config.UPLOAD_DIR) ? readdirSync(t.config.UPLOAD_DIR).sort() : []);
const uploadRows = async () =>
  (await t.db.selectFrom("app.upload").select("file_name").orderBy("file_name").execute()).map((row) => row.file_name);

/** The account key uploads are recorded under, for an operator. */
async function uploaderOf(operator: Operator) {
  const row = await t.db
    .selectFrom("app.operator")
    .select("id")
    .where("wallet_address", "=", operator.wallet)
    .executeTakeFirstOrThrow();
  return `user:${row.id}`;
}

/** Records stored uploads of `sizes` bytes for the operator, as earlier uploads would have. */
async function alreadyStored(operator: Operator, sizes: number[]) {
  const uploader = await uploaderOf(operator);
  await t.db
    .insertInto("app.upload")
    .values(
      sizes.map((size, i) => ({
        file_name: `${crypto.randomUUID()}.png`,
        original_name: `earlier-${i}.png`,
        content_type: "image/png",
        size,
        uploaded_by: uploader,
      })),
    )
    .execute();
}

describe("upload limits", () => {
  it(`an account uploads at most ${LIMITS.uploadsPerHour} images an hour: the next answers 429 with Retry-After and stores nothing; another account is unaffected`, async () => {
    const operator = await newOperator(t);
    for (let i = 1; i <= LIMITS.uploadsPerHour; i++) expect((await upload(operator)).status).toBe(200);
    const [files, rows] = [storedFiles(), await uploadRows()];
    const refused = await upload(operator);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: MESSAGES.uploadsTooMany });
    const seconds = Number(refused.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(storedFiles()).toEqual(files);
    expect(await uploadRows()).toEqual(rows);
    expect((await upload(await newOperator(t))).status).toBe(200);
  });

  it(`refuses an image that would take the account's stored images over ${LIMITS.uploadQuotaBytes / 1024 / 1024} MB with 413 and the field, before reading it, storing nothing`, async () => {
    const operator = await newOperator(t);
    await alreadyStored(operator, [LIMITS.uploadQuotaBytes - 10]);
    const [files, rows] = [storedFiles(), await uploadRows()];
    const refused = await upload(operator);
    expect(refused.status).toBe(413);
    expect(refused.body.errors).toEqual({ file: MESSAGES.uploadQuotaFull });
    const notAnImage = await upload(operator, Buffer.from("<?php echo 1; ?>"), "shell.png");
    expect(notAnImage.status, "the quota is checked before the file is read").toBe(413);
    expect(notAnImage.body.errors).toEqual({ file: MESSAGES.uploadQuotaFull });
    expect(storedFiles()).toEqual(files);
    expect(await uploadRows()).toEqual(rows);
    expect((await upload(await newOperator(t))).status).toBe(200);
  });

  it(`refuses an image beyond the ${LIMITS.uploadQuotaFiles} stored images of an account`, async () => {
    const operator = await newOperator(t);
    await alreadyStored(
      operator,
      Array.from({ length: LIMITS.uploadQuotaFiles - 1 }, () => 100),
    );
    expect((await upload(operator)).status).toBe(200);
    const rows = await uploadRows();
    const refused = await upload(operator);
    expect(refused.status).toBe(413);
    expect(refused.body.errors).toEqual({ file: MESSAGES.uploadQuotaFull });
    expect(await uploadRows()).toEqual(rows);
  });

  it("counts what is stored: of two uploads at once with room for one, one is stored and the other refused", async () => {
    const probe = await upload(await newOperator(t));
    const stored = await t.db
      .selectFrom("app.upload")
      .select("size")
      .where("file_name", "=", probe.body.file)
      .executeTakeFirstOrThrow();
    const room = Math.floor(Math.max(stored.size, PNG_1X1.length) * 1.5);
    const operator = await newOperator(t);
    await alreadyStored(operator, [LIMITS.uploadQuotaBytes - room]);
    const files = storedFiles();
    const answers = await Promise.all([upload(operator), upload(operator)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 413]);
    expect(storedFiles()).toHaveLength(files.length + 1);
  });

  it("a 2 MB form is not read before the session, its role and the hourly budget are checked", async () => {
    const parse = vi.spyOn(formParser, "parse");
    try {
      const big = () => imageForm(new Uint8Array(LIMITS.uploadMaxBytes - 1024).fill(7), "big.png");
      const stranger = await t.call("POST", API.upload, { body: big() });
      expect(stranger.status).toBe(401);
      expect(stranger.body.error).toBe(MESSAGES.unauthorized);
      const badToken = await t.call("POST", API.upload, { body: big(), token: "not-a-token" });
      expect(badToken.status).toBe(401);
      const key = generatePrivateKey();
      await t.addValidator(key);
      const without2fa = await t.call("POST", API.upload, { body: big(), token: await t.operatorTokenWithout2fa(key) });
      expect(without2fa.status).toBe(403);
      expect(without2fa.body.error).toBe(MESSAGES.twofaRequired);
      expect(parse).not.toHaveBeenCalled();
      const operator = await newOperator(t);
      for (let i = 1; i <= LIMITS.uploadsPerHour; i++) expect((await upload(operator)).status).toBe(200);
      parse.mockClear();
      expect((await t.call("POST", API.upload, { body: big(), token: operator.token })).status).toBe(429);
      expect(parse).not.toHaveBeenCalled();
      expect((await upload(await newOperator(t))).status).toBe(200);
      expect(parse).toHaveBeenCalledOnce();
    } finally {
      parse.mockRestore();
    }
  });
});
