import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { imageForm, PNG_1X1 } from "../../test/images.ts";
import { API } from "../public-contract/index.ts";

let t: TestAppWithSmtp;
let token: string;
const valid = {
  applicationName: "Plugin Portal",
  applicationEmail: "ops@example.com",
  contactNo: "+91 98765 43210",
  address: "Chennai",
  multiplyOf: "2000",
  incentivePercentage: "3.25",
};

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  token = await t.adminToken(await t.addAdmin());
});
afterAll(() => t?.close());

describe("settings", () => {
  it("serves the defaults publicly, with no stake limits while the chain's are not indexed", async () => {
    const response = await t.call("GET", `${API.setting}/`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      minimumStake: null,
      maximumStake: null,
      multiplyOf: "1000",
      incentivePercentage: "2.5",
    });
  });

  it("serves the brand to anyone signed out: the name, logo and contact details, and nothing else", async () => {
    const before = await t.call("GET", API.settingBrand);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      applicationName: "PLI Validator Portal",
      applicationEmail: "",
      logoUrl: "",
      contactNo: "",
      address: "",
    });

    expect((await t.call("POST", API.setting, { token, body: valid })).status).toBe(200);
    const after = await t.call("GET", API.settingBrand);
    expect(after.body).toEqual({
      applicationName: valid.applicationName,
      applicationEmail: valid.applicationEmail,
      logoUrl: "",
      contactNo: valid.contactNo,
      address: valid.address,
    });
  });

  it("lets an admin update them, and everyone then reads the new values", async () => {
    const response = await t.call("POST", API.setting, { token, body: valid });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe("Setting Updated Successfully");
    expect((await t.call("GET", API.setting)).body).toMatchObject(valid);
  });

  it("a save that waits for another one records in the audit trail the values that one saved, not those before it", async () => {
    const audited = () =>
      t.db
        .selectFrom("app.audit_record")
        .select(["before", "after"])
        .where("action", "=", "setting.update")
        .orderBy("occurred_at", "desc")
        .executeTakeFirstOrThrow();
    expect((await t.call("POST", API.setting, { token, body: { ...valid, applicationName: "First" } })).status).toBe(
      200,
    );
    let save: Promise<{ status: number }> | undefined;
    await t.db.transaction().execute(async (tx) => {
      await tx.updateTable("app.setting").set({ application_name: "Saved meanwhile" }).execute();
      save = t.call("POST", API.setting, { token, body: { ...valid, applicationName: "Last" } });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await save!).status).toBe(200);
    expect(await audited()).toMatchObject({
      before: { applicationName: "Saved meanwhile" },
      after: { applicationName: "Last" },
    });
  });

  it("stores no stake limits from the body: they are the chain's", async () => {
    const response = await t.call("POST", API.setting, {
      token,
      body: { ...valid, minimumStake: "60000", maximumStake: "900000" },
    });
    expect(response.status).toBe(200);
    expect((await t.call("GET", API.setting)).body).toMatchObject({ ...valid, minimumStake: null, maximumStake: null });
  });

  it("checks every rule with a field error and writes nothing", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ multiplyOf: "0" }, "multiplyOf"],
      [{ multiplyOf: "1.5" }, "multiplyOf"],
      [{ incentivePercentage: "101" }, "incentivePercentage"],
      [{ incentivePercentage: "-1" }, "incentivePercentage"],
      [{ applicationEmail: "not-an-email" }, "applicationEmail"],
      [{ contactNo: "call me" }, "contactNo"],
      [{ applicationName: "" }, "applicationName"],
      [{ logoUrl: "../../secret.png" }, "logoUrl"],
    ];
    for (const [change, field] of cases) {
      const response = await t.call("POST", API.setting, { token, body: { ...valid, ...change } });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body.errors[field], JSON.stringify(change)).toBeTruthy();
    }
    expect((await t.call("GET", API.setting)).body).toMatchObject(valid);
  });

  it("never reads a blank or non-numeric incentive percentage as 0 %", async () => {
    const cases: [unknown, string][] = [
      ["", "Incentive percentage is required"],
      ["   ", "Incentive percentage is required"],
      [null, "Incentive percentage is required"],
      [false, "Incentive percentage must be a number"],
      [[], "Incentive percentage must be a number"],
      ["0x10", "Incentive percentage must be a number"],
      ["1e1", "Incentive percentage must be a number"],
      ["-1", "Incentive percentage must be between 0 and 100"],
    ];
    for (const [incentivePercentage, error] of cases) {
      const response = await t.call("POST", API.setting, { token, body: { ...valid, incentivePercentage } });
      expect(response.status, JSON.stringify(incentivePercentage)).toBe(400);
      expect(response.body.errors.incentivePercentage, JSON.stringify(incentivePercentage)).toBe(error);
    }
    expect((await t.call("GET", API.setting)).body).toMatchObject(valid);
    const zero = await t.call("POST", API.setting, { token, body: { ...valid, incentivePercentage: "0" } });
    expect(zero.status).toBe(200);
    expect((await t.call("GET", API.setting)).body.incentivePercentage).toBe("0");
    await t.call("POST", API.setting, { token, body: valid });
  });

  it("accepts a logo only when it is an uploaded file", async () => {
    const upload = await t.call("POST", API.upload, { token, body: imageForm(PNG_1X1, "logo.png") });
    const response = await t.call("POST", API.setting, { token, body: { ...valid, logoUrl: upload.body.file } });
    expect(response.status).toBe(200);
    expect((await t.call("GET", API.setting)).body.logoUrl).toBe(upload.body.file);
  });
});
