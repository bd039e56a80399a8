import { decodeJwt, SignJWT } from "jose";
import { generatePrivateKey } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { API, MESSAGES, type SessionClaims } from "../public-contract/index.ts";
import { signSession } from "./session.ts";
import { turnOn2fa } from "../../../test/sessions.ts";
import { imageForm, PNG_1X1 } from "../../test/images.ts";

let t: TestAppWithSmtp;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
});
afterAll(() => t?.close());

const rpcList = (token: string) => t.call("GET", API.rpcurl.root, { token });

describe("2FA on the server", () => {
  it("refuses an operator's routes with 403 until 2FA is on; profile and 2FA set-up answer", async () => {
    await t.addValidator(DEV_KEYS.validator);
    const token = await t.operatorTokenWithout2fa(DEV_KEYS.validator);
    const list = await rpcList(token);
    expect(list.status).toBe(403);
    expect(list.body.error).toBe(MESSAGES.twofaRequired);
    expect((await t.call("POST", API.upload, { token, body: imageForm(PNG_1X1, "logo.png") })).status).toBe(403);
    expect(
      (
        await t.call("POST", `${API.rpcurl.root}/`, {
          token,
          body: { name: "A", provider: "AWS", rpc: "https://a.example.com", wss: "wss://a.example.com" },
        })
      ).status,
    ).toBe(403);
    const profile = await t.call("GET", API.operator.root, { token });
    expect(profile.status).toBe(200);
    expect(profile.body.twofa).toBe("No");
    expect((await t.call("POST", API.operator.twofaSetup, { token })).status).toBe(200);
  });

  it("ends the sessions issued before 2FA was turned on; the token the change returns works", async () => {
    await t.addValidator(DEV_KEYS.standby, "Validator");
    const before = await t.operatorTokenWithout2fa(DEV_KEYS.standby);
    expect((await t.call("GET", API.operator.root, { token: before })).status).toBe(200);
    const after = await t.operatorToken(DEV_KEYS.standby);
    const stale = await t.call("GET", API.operator.root, { token: before });
    expect(stale.status).toBe(401);
    expect(stale.body.error).toBe(MESSAGES.sessionEnded);
    expect((await rpcList(after)).status).toBe(200);
  });

  it("ends the sessions issued before 2FA was turned off; the new one is back to profile-only", async () => {
    await t.addValidator(DEV_KEYS.outsider);
    const on = await t.operatorToken(DEV_KEYS.outsider);
    const off = await t.call("POST", API.operator.twofaDisable, {
      token: on,
      body: { otp: t.totpCode(DEV_KEYS.outsider, 1) },
    });
    expect(off.status).toBe(200);
    expect((await t.call("GET", API.operator.root, { token: on })).status).toBe(401);
    expect((await rpcList(off.body.token)).status).toBe(403);
    expect((await t.call("GET", API.operator.root, { token: off.body.token })).body.twofa).toBe("No");
  });
});

describe("a change of credentials is no sign-in", () => {
  /** The session of `token` with 10 minutes left, as a session near its end. */
  const nearItsEnd = async (token: string) => {
    const { exp: _exp, jti: _jti, ...claims } = decodeJwt(token) as SessionClaims;
    return signSession(claims, t.config.JWT_SECRET, 600);
  };

  it("turning 2FA off and on again answers tokens that end when the session did, not a new day", async () => {
    const key = generatePrivateKey();
    await t.addValidator(key);
    const session = await nearItsEnd(await t.operatorToken(key));
    const { exp } = decodeJwt(session);
    const off = await t.call("POST", API.operator.twofaDisable, { token: session, body: { otp: t.totpCode(key, 1) } });
    expect(off.status).toBe(200);
    expect(decodeJwt(off.body.token).exp).toBe(exp);
    const { enabled } = await turnOn2fa(t.call, off.body.token);
    expect(enabled.status).toBe(200);
    expect(decodeJwt(enabled.body.token).exp).toBe(exp);
  });

  it("an admin's password change answers a token that ends when the session did", async () => {
    const admin = await t.addAdmin();
    const session = await nearItsEnd(await t.adminToken(admin));
    const changed = await t.call("POST", API.admin.update, {
      token: session,
      body: { currentPassword: admin.password, password: "another horse battery", password2: "another horse battery" },
    });
    expect(changed.status).toBe(200);
    expect(decodeJwt(changed.body.token).exp).toBe(decodeJwt(session).exp);
  });
});

describe("sign-out and revocation", () => {
  it("signing out on the server ends the operator's sessions", async () => {
    const token = await t.operatorToken(DEV_KEYS.standby);
    expect((await rpcList(token)).status).toBe(200);
    const out = await t.call("POST", API.operator.logout, { token });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe(MESSAGES.signedOut);
    const after = await rpcList(token);
    expect(after.status).toBe(401);
    expect(after.body.error).toBe(MESSAGES.sessionEnded);
    expect((await t.call("POST", API.operator.logout, { token })).status).toBe(401);
  });

  it("an admin signing out, or changing the password, ends that admin's earlier sessions", async () => {
    const admin = await t.addAdmin();
    const first = await t.adminToken(admin);
    const second = await t.adminToken(admin);
    const changed = await t.call("POST", API.admin.update, {
      token: second,
      body: { currentPassword: admin.password, password: "another horse battery", password2: "another horse battery" },
    });
    expect(changed.status).toBe(200);
    expect((await t.call("GET", API.operator.root, { token: first })).status).toBe(401);
    expect((await t.call("GET", API.operator.root, { token: second })).status).toBe(401);
    expect((await t.call("GET", API.operator.root, { token: changed.body.token })).status).toBe(200);
    expect((await t.call("POST", API.operator.logout, { token: changed.body.token })).status).toBe(200);
    expect((await t.call("GET", API.operator.root, { token: changed.body.token })).status).toBe(401);
  });

  it("an admin disabling an operator ends their sessions and refuses their sign-in until enabled again", async () => {
    const adminToken = await t.adminToken(await t.addAdmin());
    const token = await t.operatorToken(DEV_KEYS.standby);
    const me = await t.call("GET", API.operator.root, { token });
    expect(
      (await t.call("POST", API.operator.access, { token, body: { _id: me.body._id, enabled: false } })).status,
    ).toBe(403);
    const disabled = await t.call("POST", API.operator.access, {
      token: adminToken,
      body: { _id: me.body._id, enabled: false },
    });
    expect(disabled.status).toBe(200);
    const refused = await rpcList(token);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe(MESSAGES.accountDisabled);
    const signIn = await t.operatorLogin(DEV_KEYS.standby, t.totpCode(DEV_KEYS.standby, 1));
    expect(signIn.status).toBe(403);
    expect(signIn.body.error).toBe(MESSAGES.accountDisabled);
    expect(
      (await t.call("POST", API.operator.access, { token: adminToken, body: { _id: me.body._id, enabled: true } }))
        .status,
    ).toBe(200);
    expect((await rpcList(await t.operatorToken(DEV_KEYS.standby))).status).toBe(200);
    expect(
      (
        await t.call("POST", API.operator.access, {
          token: adminToken,
          body: { _id: "00000000-0000-4000-8000-000000000000", enabled: false },
        })
      ).status,
    ).toBe(404);
  });

  it("a token answered from memory (verified, its account cached) is refused as expired once past its exp", async () => {
    const { exp: _exp, jti: _jti, ...claims } = decodeJwt(await t.operatorToken(DEV_KEYS.validator)) as SessionClaims;
    const token = await signSession(claims, t.config.JWT_SECRET, 2);
    const { exp } = decodeJwt(token);
    expect((await t.call("GET", API.operator.root, { token })).status).toBe(200);
    expect((await t.call("GET", API.operator.root, { token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, exp! * 1000 - Date.now() + 50));
    const expired = await t.call("GET", API.operator.root, { token });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe(MESSAGES.sessionExpired);
  });

  it("a token without a session version is refused even when correctly signed", async () => {
    const token = await t.operatorToken(DEV_KEYS.validator);
    const me = await t.call("GET", API.operator.root, { token });
    const legacy = await new SignJWT({ userType: "user", walletAddress: me.body.walletAddress, name: "x", email: "" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(me.body._id)
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(t.config.JWT_SECRET));
    expect((await t.call("GET", API.operator.root, { token: legacy })).status).toBe(401);
  });
});
