import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript } from "../../test/cli.ts";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { newOperator } from "../../test/nodes.ts";
import { sessionOf, turnOn2fa } from "../../../test/sessions.ts";
import { API } from "../public-contract/index.ts";

/** `npm run operator:reset-second-factor`: an operator who lost their authenticator is let back in from the server. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const reset = (wallet: string) =>
  runScript("operator-reset-second-factor", ["--wallet", wallet], { DATABASE_URL: t.config.DATABASE_URL });

describe("npm run operator:reset-second-factor", () => {
  it("turns the operator's 2FA off and ends their sessions; they sign in with the wallet and set 2FA up again", async () => {
    const operator = await newOperator(t);
    const bystander = await newOperator(t);
    const twofaOf = async (id: string) =>
      (await t.db.selectFrom("app.operator").select("twofa_enabled").where("id", "=", id).executeTakeFirstOrThrow())
        .twofa_enabled;
    const { id } = await t.db
      .selectFrom("app.operator")
      .select("id")
      .where("wallet_address", "=", operator.wallet)
      .executeTakeFirstOrThrow();
    expect(await twofaOf(id)).toBe(true);

    const { stdout } = await reset(`xdc${operator.address.slice(2)}`);
    expect(stdout).toContain(`Operator ${operator.wallet}`);
    expect(stdout).toContain("2FA is off.");
    await expect
      .poll(async () => (await t.call("GET", API.operator.root, { token: operator.token })).status, { timeout: 5000 })
      .toBe(401);
    expect((await t.call("GET", API.operator.root, { token: bystander.token })).status).toBe(200);
    expect(await twofaOf(id)).toBe(false);
    const audit = await t.db
      .selectFrom("app.audit_record")
      .select(["action", "client_address"])
      .where("record_id", "=", id)
      .execute();
    expect(audit).toContainEqual({ action: "operator.secondFactorReset", client_address: "cli" });

    const { enabled } = await turnOn2fa(t.call, await t.operatorTokenWithout2fa(operator.key));
    expect((await t.call("GET", API.operator.root, { token: sessionOf(enabled) })).status, "2FA set up again").toBe(
      200,
    );
    expect(await twofaOf(id)).toBe(true);
  });

  it("refuses a wallet no operator has, changing nothing", async () => {
    const refused = await reset(`0x${"9".repeat(40)}`).catch((error: { stderr: string; code: number }) => error);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain("No operator has the wallet");
  });
});
