import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { totpCode } from "../../../test/sessions.ts";
import { API, MESSAGES } from "../public-contract/index.ts";

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.addValidator(DEV_KEYS.validator);
  token = await t.operatorTokenWithout2fa(DEV_KEYS.validator);
});
afterAll(() => t?.close());

describe("operator 2FA (TOTP)", () => {
  let secret: string;
  let usedCode: string;

  it("enrols: setup gives a secret and otpauth URI; a wrong code does not enable; a right one does", async () => {
    const setup = await t.call("POST", API.operator.twofaSetup, { token });
    expect(setup.status).toBe(200);
    secret = setup.body.secret;
    expect(setup.body.otpauthUri).toMatch(new RegExp(`^otpauth://totp/.*secret=${secret}`));
    const wrong = await t.call("POST", API.operator.twofaEnable, { token, body: { otp: totpCode(secret, 10) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.otp).toBe(MESSAGES.invalidTotp);
    expect((await t.call("GET", API.operator.root, { token })).body.twofa).toBe("No");
    const right = await t.call("POST", API.operator.twofaEnable, { token, body: { otp: totpCode(secret, -1) } });
    expect(right.status).toBe(200);
    token = right.body.token;
    expect((await t.call("GET", API.operator.root, { token })).body.twofa).toBe("Yes");
  });

  it("then requires the code at sign-in, keeping the signed message usable until the code is given", async () => {
    const withoutCode = await t.operatorLogin(DEV_KEYS.validator);
    expect(withoutCode.status).toBe(401);
    expect(withoutCode.body.errors.otp).toBe(MESSAGES.otpRequired);
    const wrong = await t.operatorLogin(DEV_KEYS.validator, totpCode(secret, 20));
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors.otp).toBe(MESSAGES.invalidTotp);
    usedCode = totpCode(secret);
    const right = await t.operatorLogin(DEV_KEYS.validator, usedCode);
    expect(right.status).toBe(200);
    expect(right.body.token).toBeTruthy();
  });

  it("does not accept the same code twice", async () => {
    const reuse = await t.operatorLogin(DEV_KEYS.validator, usedCode);
    expect(reuse.status).toBe(401);
  });

  it("disables only with a valid code", async () => {
    expect((await t.call("POST", API.operator.twofaDisable, { token, body: { otp: "12345" } })).status).toBe(400);
    expect(
      (await t.call("POST", API.operator.twofaDisable, { token, body: { otp: totpCode(secret, 15) } })).status,
    ).toBe(400);
    const ok = await t.call("POST", API.operator.twofaDisable, { token, body: { otp: totpCode(secret, 1) } });
    expect(ok.status).toBe(200);
    expect((await t.call("GET", API.operator.root, { token: ok.body.token })).body.twofa).toBe("No");
    expect((await t.operatorLogin(DEV_KEYS.validator)).status).toBe(200);
  });
});
