import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage, parseSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { API } from "../public-contract/index.ts";
import { INVALID_SIGN_IN } from "./siwe.ts";

let t: TestApp;
const validator = privateKeyToAccount(DEV_KEYS.validator);
const outsider = privateKeyToAccount(DEV_KEYS.outsider);

beforeAll(async () => {
  t = await createTestApp();
  await t.addValidator(DEV_KEYS.validator, "Validator", "val@example.com");
  await t.addValidator(DEV_KEYS.standby, "Standby", "standby@example.com");
});
afterAll(() => t?.close());

async function issued(address = validator.address) {
  const response = await t.call("POST", API.operator.siwe, { body: { walletAddress: address } });
  expect(response.status).toBe(200);
  return response.body.message as string;
}

describe("POST /api/user/siwe", () => {
  it("builds an EIP-4361 message with this server's domain, chain id and a fresh nonce", async () => {
    const message = await issued();
    const fields = parseSiweMessage(message);
    expect(fields).toMatchObject({
      address: validator.address,
      domain: "portal.test:5173",
      uri: "http://portal.test:5173",
      chainId: 31337,
      version: "1",
    });
    expect(fields.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/);
    expect(fields.expirationTime!.getTime() - fields.issuedAt!.getTime()).toBe(10 * 60_000);
    expect(parseSiweMessage(await issued()).nonce).not.toBe(fields.nonce);
  });

  it("accepts an xdc-prefixed address and rejects a malformed one with a field error", async () => {
    const xdc = `xdc${validator.address.slice(2)}`;
    expect(parseSiweMessage(await issued(xdc as `0x${string}`)).address).toBe(validator.address);
    const bad = await t.call("POST", API.operator.siwe, { body: { walletAddress: "0x1234" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.walletAddress).toMatch(/address/);
  });
});

describe("POST /api/user/login", () => {
  it("signs in a validator, creating the operator with a lowercase wallet, role and email", async () => {
    const response = await t.operatorLogin(DEV_KEYS.validator);
    expect(response.status).toBe(200);
    const me = await t.call("GET", API.operator.root, { token: response.body.token });
    expect(me.body).toMatchObject({
      walletAddress: validator.address.toLowerCase(),
      email: "val@example.com",
      userType: "user",
      userRole: "Validator",
      twofa: "No",
    });
    const standby = await t.operatorLogin(DEV_KEYS.standby);
    const standbyMe = await t.call("GET", API.operator.root, { token: standby.body.token });
    expect(standbyMe.body.userRole).toBe("Standby");
  });

  it("refuses a wallet that is not a validator with 403 'Not a Validator!' and creates nothing", async () => {
    const response = await t.operatorLogin(DEV_KEYS.outsider);
    expect(response.status).toBe(403);
    expect(response.body.error).toBe("Not a Validator!");
    const rows = await t.db
      .selectFrom("app.operator")
      .select("id")
      .where("wallet_address", "=", outsider.address.toLowerCase())
      .execute();
    expect(rows).toHaveLength(0);
  });

  it("refuses a replayed message and signature", async () => {
    const message = await issued();
    const signature = await validator.signMessage({ message });
    expect((await t.call("POST", API.operator.login, { body: { message, signature } })).status).toBe(200);
    const replay = await t.call("POST", API.operator.login, { body: { message, signature } });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe(INVALID_SIGN_IN);
  });

  it("refuses an expired nonce", async () => {
    const message = await issued();
    const signature = await validator.signMessage({ message });
    await t.db
      .updateTable("app.siwe_nonce")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("nonce", "=", parseSiweMessage(message).nonce!)
      .execute();
    expect((await t.call("POST", API.operator.login, { body: { message, signature } })).status).toBe(401);
  });

  it("refuses a message for another domain or chain id even when its nonce is genuine", async () => {
    const fields = parseSiweMessage(await issued());
    for (const change of [{ domain: "evil.test" }, { chainId: 1 }]) {
      const message = createSiweMessage({ ...(fields as Parameters<typeof createSiweMessage>[0]), ...change });
      await t.db.updateTable("app.siwe_nonce").set({ message }).where("nonce", "=", fields.nonce!).execute();
      const signature = await validator.signMessage({ message });
      const response = await t.call("POST", API.operator.login, { body: { message, signature } });
      expect(response.status).toBe(401);
    }
  });

  it("refuses a tampered message and a signature by another wallet", async () => {
    const message = await issued();
    const tampered = message.replace("Sign in to the Validator Nodes Operator Portal.", "Sign in.");
    const tamperedResponse = await t.call("POST", API.operator.login, {
      body: { message: tampered, signature: await validator.signMessage({ message: tampered }) },
    });
    expect(tamperedResponse.status).toBe(401);
    const wrongSigner = await t.call("POST", API.operator.login, {
      body: { message, signature: await outsider.signMessage({ message }) },
    });
    expect(wrongSigner.status).toBe(401);
    expect(wrongSigner.body.error).toBe(INVALID_SIGN_IN);
  });

  it("never accepts the bare {walletAddress, email} login", async () => {
    const response = await t.call("POST", API.operator.login, {
      body: { walletAddress: validator.address, email: "val@example.com" },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(["message", "signature"]);
  });
});
