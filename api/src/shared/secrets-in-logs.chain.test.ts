import type { Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { pli } from "../../../test/chain.ts";
import { totpCode } from "../../../test/sessions.ts";
import { startChainApp } from "../../test/chain-app.ts";
import { approvedNode, atChainTime, chainPast } from "../../test/incentives.ts";
import { accrueIncentives } from "../incentive/accrual.ts";
import { HANDLER } from "../handlers.ts";
import { sendPendingMails } from "../mail/outbox.ts";
import { API, PAYOUT_GAS } from "../public-contract/index.ts";
import { receiptOf } from "../../../scripts/lib/receipt.ts";

/**
 * Everything the API logs while an operator signs in with SIWE and turns on 2FA, an admin signs in with the emailed
 * code and changes the password, and the admin pays the operator's incentives: none of the secrets used may be in it.
 */
let app: Awaited<ReturnType<typeof startChainApp>>;
const secrets: Record<string, string> = {};
/** Secrets made of digits only (sign-in and authenticator codes): matched as whole numbers, not inside a timestamp. */
const codes: Record<string, string> = {};

beforeAll(async () => {
  app = await startChainApp();
});
afterAll(() => app?.stop());

async function operatorSignsIn() {
  const { t } = app;
  const account = privateKeyToAccount(DEV_KEYS.validator);
  await t.addValidator(DEV_KEYS.validator);
  const siwe = await t.call("POST", API.operator.siwe, { body: { walletAddress: account.address } });
  const signature = await account.signMessage({ message: siwe.body.message });
  secrets.siweSignature = signature;
  const first = await t.call("POST", API.operator.login, { body: { message: siwe.body.message, signature } });
  expect(first.status).toBe(200);
  secrets.firstSession = first.body.token;
  const setup = await t.call("POST", API.operator.twofaSetup, { token: first.body.token });
  secrets.totpSecret = setup.body.secret;
  secrets.otpauthUri = setup.body.otpauthUri;
  codes.enableCode = totpCode(setup.body.secret, -1);
  const enabled = await t.call("POST", API.operator.twofaEnable, {
    token: first.body.token,
    body: { otp: codes.enableCode },
  });
  expect(enabled.status).toBe(200);
  secrets.enabledSession = enabled.body.token;
  const again = await t.call("POST", API.operator.siwe, { body: { walletAddress: account.address } });
  const secondSignature = await account.signMessage({ message: again.body.message });
  secrets.secondSignature = secondSignature;
  codes.loginCode = totpCode(setup.body.secret);
  const login = await t.call("POST", API.operator.login, {
    body: { message: again.body.message, signature: secondSignature, otp: codes.loginCode },
  });
  expect(login.status).toBe(200);
  secrets.operatorSession = login.body.token;
  return { token: login.body.token as string, address: account.address as Address };
}

async function adminSignsIn() {
  const { t, smtp } = app;
  const admin = await t.addAdmin(undefined, "first password of the admin");
  secrets.adminPassword = admin.password;
  await t.call("POST", API.admin.login, { body: { email: admin.email, password: "a wrong password typed" } });
  secrets.wrongPassword = "a wrong password typed";
  const before = smtp.count(admin.email);
  const login = await t.call("POST", API.admin.login, { body: { email: admin.email, password: admin.password } });
  codes.emailedCode = await smtp.codeFor(admin.email, before);
  const verify = await t.call("POST", API.admin.verifyOtp, {
    body: { _id: login.body.registerDetail._id, otp: codes.emailedCode },
  });
  expect(verify.status).toBe(200);
  secrets.adminSession = verify.body.token;
  const newPassword = "second password of the admin";
  secrets.newPassword = newPassword;
  const changed = await t.call("POST", API.admin.update, {
    token: verify.body.token,
    body: { currentPassword: admin.password, password: newPassword, password2: newPassword },
  });
  expect(changed.status).toBe(200);
  const relogin = await t.call("POST", API.admin.login, { body: { email: admin.email, password: newPassword } });
  codes.secondEmailedCode = await smtp.codeFor(admin.email, before + 1);
  const reverify = await t.call("POST", API.admin.verifyOtp, {
    body: { _id: relogin.body.registerDetail._id, otp: codes.secondEmailedCode },
  });
  expect(reverify.status).toBe(200);
  secrets.secondAdminSession = reverify.body.token;
  return reverify.body.token as string;
}

/** The operator's incentives accrued, paid from the owner's wallet, matched to their rows and mailed. */
async function adminPaysOperator(admin: string, operator: { token: string; address: Address }) {
  const { t, chain, synced } = app;
  await chain.fund("validator", pli(1_000_000));
  const { node } = await approvedNode(app, admin, operator, 1);
  await atChainTime(app, "2027-01-10T12:00:00");
  await chain.mined(chain.as("validator").staking.write.stakeTokens([pli(100_000), node]));
  await chainPast(app, "2027-03-01T08:00:00");
  await accrueIncentives({ db: t.db, chain: chain.publicClient, log: t.logs.log }, new Date("2027-03-01T00:00:00Z"));
  await chain.fund("owner", pli(10_000));
  await chain.mined(chain.as("owner").staking.write.depositReward([pli(10_000)]));
  await synced();
  const ids = (await t.call("GET", `${API.incentive.root}?limit=100`, { token: admin })).body.docs.map(
    (row: { _id: string }) => row._id,
  );
  const plan = await t.call("POST", API.incentive.payout, { token: admin, body: { ids } });
  expect(plan.status).toBe(200);
  const [batch] = plan.body.batches;
  const hash = await chain
    .as("owner")
    .staking.write.payRewards([batch.wallets, batch.amounts.map(BigInt), batch.dates.map(BigInt), batch.nodes], {
      gas: PAYOUT_GAS,
    });
  await receiptOf(chain.publicClient, hash);
  await synced();
  const hint = await t.call("POST", API.incentive.update, {
    token: admin,
    body: { tnxHash: hash, selectedArray: ids.map((_id: string) => ({ _id, status: "Paid", token: "1" })) },
  });
  expect(hint.status).toBe(200);
  await t.handlers.run(HANDLER.paymentMatching);
  const sent = await sendPendingMails(t.mailSender);
  expect(sent.sent).toBeGreaterThan(0);
}

describe("logs of a full sign-in and payout", () => {
  it("hold no password, code, TOTP secret, session token or signature, while they log every request and mail", async () => {
    const operator = await operatorSignsIn();
    const admin = await adminSignsIn();
    await adminPaysOperator(admin, operator);

    const { logs } = app.t;
    const routes = new Set(logs.lines().map((line) => line.route));
    for (const route of [
      API.operator.login,
      API.operator.twofaEnable,
      API.admin.login,
      API.admin.verifyOtp,
      API.admin.update,
      API.incentive.payout,
    ])
      expect(routes).toContain(route);
    expect(logs.lines().some((line) => line.msg === "mail sent")).toBe(true);

    const text = logs.text();
    for (const [name, value] of Object.entries(secrets)) expect(text, name).not.toContain(value);
    for (const [name, value] of Object.entries(codes))
      expect(text, name).not.toMatch(new RegExp(`(?<!\\d)${value}(?!\\d)`));
  });
});
