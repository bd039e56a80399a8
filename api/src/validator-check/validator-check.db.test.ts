import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { startValidatorStub } from "../../test/validator-stub.ts";
import { HANDLER } from "../handlers.ts";
import { API, MESSAGES } from "../public-contract/index.ts";

const wallet = (key: `0x${string}`) => privateKeyToAccount(key).address.toLowerCase();

let stub: Awaited<ReturnType<typeof startValidatorStub>>;
let t: TestApp;

beforeAll(async () => {
  stub = await startValidatorStub({
    [wallet(DEV_KEYS.validator)]: { validator: true, email: "ext@example.com" },
    [wallet(DEV_KEYS.standby)]: { validator: true, email: "standby@example.com", userRole: "Standby" },
    [wallet(DEV_KEYS.outsider)]: { validator: false },
  });
  t = await createTestApp({ env: { VALIDATOR_CHECK_URL: stub.url, VALIDATOR_CHECK_TIMEOUT_MS: "2000" } });
});
afterAll(async () => {
  await t?.close();
  await stub?.stop();
});

describe("external validator check over HTTP", () => {
  it("asks the service with the wallet and takes the email (and role) it answers", async () => {
    const response = await t.operatorLogin(DEV_KEYS.validator);
    expect(response.status).toBe(200);
    expect(stub.calls).toContain(wallet(DEV_KEYS.validator));
    const me = await t.call("GET", API.operator.root, { token: response.body.token });
    expect(me.body).toMatchObject({ email: "ext@example.com", userRole: "Validator" });
    const standby = await t.call("GET", API.operator.root, {
      token: (await t.operatorLogin(DEV_KEYS.standby)).body.token,
    });
    expect(standby.body.userRole).toBe("Standby");
  });

  it("takes an answer's blank email as none, and an email in any case as lowercase", async () => {
    stub.answers[wallet(DEV_KEYS.validator)] = { validator: true, email: "" };
    const blank = await t.operatorLogin(DEV_KEYS.validator);
    expect(blank.status).toBe(200);
    stub.answers[wallet(DEV_KEYS.validator)] = { validator: true, email: "Ext@Example.com" };
    const me = await t.call("GET", API.operator.root, {
      token: (await t.operatorLogin(DEV_KEYS.validator)).body.token,
    });
    expect(me.body.email).toBe("ext@example.com");
  });

  it("refuses a wallet the service says is not a validator", async () => {
    const response = await t.operatorLogin(DEV_KEYS.outsider);
    expect(response.status).toBe(403);
    expect(response.body.error).toBe("Not a Validator!");
  });

  it("asks again for the signed-in operators: one no longer listed is signed out, one with a new role has it at once", async () => {
    const signedIn = async (key: `0x${string}`) => {
      stub.answers[wallet(key)] = { validator: true };
      const response = await t.operatorLogin(key);
      expect(response.status).toBe(200);
      return response.body.token as string;
    };
    const me = (token: string) => t.call("GET", API.operator.root, { token });
    const [removed, demoted, unanswered] = await Promise.all(
      [DEV_KEYS.validator, DEV_KEYS.standby, DEV_KEYS.owner].map(signedIn),
    );
    stub.answers[wallet(DEV_KEYS.validator)] = { validator: false };
    stub.answers[wallet(DEV_KEYS.standby)] = { validator: true, userRole: "Standby" };
    stub.answers[wallet(DEV_KEYS.owner)] = "error";

    await t.handlers.run(HANDLER.validatorRecheck);
    const gone = await me(removed!);
    expect(gone.status).toBe(401);
    expect((await me(demoted!)).body).toMatchObject({ userRole: "Standby" });
    expect((await me(unanswered!)).status).toBe(200);
  });

  it("answers 503 with a clear message when the service hangs, fails or answers nonsense", async () => {
    const badEmails = ["a\u0000b@example.com", "not an email", `${"x".repeat(250)}@example.com`].map((email) => ({
      validator: true,
      email,
    }));
    for (const answer of ["hang", "error", "garbage", ...badEmails] as const) {
      stub.answers[wallet(DEV_KEYS.validator)] = answer;
      const response = await t.operatorLogin(DEV_KEYS.validator);
      expect(response.status, JSON.stringify(answer)).toBe(503);
      expect(response.body).toEqual({ error: MESSAGES.validatorCheckUnavailable });
    }
  });
});
