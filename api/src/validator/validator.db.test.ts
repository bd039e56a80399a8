import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { startValidatorStub } from "../../test/validator-stub.ts";
import type { Db } from "../db/database.ts";
import { API, IMPORT_MAX_ROWS, MESSAGES } from "../public-contract/index.ts";

let t: TestAppWithSmtp;
let admin: Awaited<ReturnType<TestAppWithSmtp["addAdmin"]>>;
let token: string;
const ADMIN_IP = "203.0.113.9";

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.addAdmin();
  token = await t.adminToken(admin);
});
afterAll(() => t?.close());

const asAdmin = (url: string, body?: unknown) => t.call("POST", url, { token, body, ip: ADMIN_IP });
const newWallet = () => {
  const key = generatePrivateKey();
  return { key, wallet: privateKeyToAccount(key).address.toLowerCase() };
};
const directory = async () =>
  (await t.db.selectFrom("app.validator_directory").selectAll().execute()).map((row) => row.wallet_address);
const auditCount = async () =>
  Number(
    (
      await t.db
        .selectFrom("app.audit_record")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Runs an admin write and answers its response and the audit records it added (in order). */
async function audited<R extends { status: number; body: unknown }>(act: () => Promise<R>) {
  const before = await auditCount();
  const response = await act();
  const added = await t.db
    .selectFrom("app.audit_record")
    .selectAll()
    .orderBy("occurred_at", "desc")
    .limit(Math.max(0, (await auditCount()) - before))
    .execute();
  return { response, added };
}

describe("the validator directory API", () => {
  it("admits a wallet given as xdc… or 0x…, stores it lowercase 0x, and lets it sign in as its role", async () => {
    const { key, wallet } = newWallet();
    const { response, added } = await audited(() =>
      asAdmin(API.validator.root, { walletAddress: `xdc${wallet.slice(2).toUpperCase()}`, userRole: "Standby" }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ message: "Validator Added Successfully", data: { walletAddress: wallet } });
    expect(added).toMatchObject([
      { action: "validator.add", record_type: "validator", record_id: wallet, admin_id: admin.id, before: null },
    ]);
    const again = await asAdmin(API.validator.root, { walletAddress: wallet, userRole: "Validator" });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ walletAddress: MESSAGES.validatorExists });

    const operator = await t.operatorTokenWithout2fa(key);
    const me = await t.call("GET", API.operator.root, { token: operator });
    expect(me.body.userRole).toBe("Standby");
  });

  it("refuses a bad address and an unknown role with a field map", async () => {
    const response = await asAdmin(API.validator.root, { walletAddress: "0x1234", userRole: "Boss" });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      walletAddress: "Wallet address must be an address (0x… or xdc…)",
      userRole: "Role must be Validator or Standby",
    });
  });

  it("lists with search by wallet (either prefix) or email, and a pager", async () => {
    const one = newWallet();
    await asAdmin(API.validator.root, {
      walletAddress: one.wallet,
      email: "Findable.Person@Example.com",
      userRole: "Validator",
    });
    const byEmail = await t.call("GET", `${API.validator.root}?q=findable.person`, { token });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toMatchObject({
      totalDocs: 1,
      managedExternally: false,
      docs: [{ walletAddress: one.wallet, email: "findable.person@example.com", userRole: "Validator" }],
    });
    const byXdc = await t.call("GET", `${API.validator.root}?q=xdc${one.wallet.slice(2, 12)}`, { token });
    expect(byXdc.body.docs.map((doc: { walletAddress: string }) => doc.walletAddress)).toEqual([one.wallet]);
    const paged = await t.call("GET", `${API.validator.root}?limit=1&page=2`, { token });
    expect(paged.body).toMatchObject({ page: 2, limit: 1 });
    expect(paged.body.docs).toHaveLength(1);
    expect(paged.body.totalDocs).toBeGreaterThan(1);
  });

  it("applies a role change to the operator's sessions already open, at once", async () => {
    const { key, wallet } = newWallet();
    await asAdmin(API.validator.root, { walletAddress: wallet, userRole: "Validator" });
    const first = await t.operatorToken(key);
    const { response, added } = await audited(() =>
      asAdmin(API.validator.role, { walletAddress: wallet, userRole: "Standby" }),
    );
    expect(response.status).toBe(200);
    expect(response.body.data.userRole).toBe("Standby");
    expect(added).toMatchObject([
      {
        action: "validator.role",
        record_id: wallet,
        before: { userRole: "Validator" },
        after: { userRole: "Standby" },
      },
    ]);
    expect((await t.call("GET", API.operator.root, { token: first })).body.userRole).toBe("Standby");
    const next = await t.operatorToken(key);
    expect((await t.call("GET", API.operator.root, { token: next })).body.userRole).toBe("Standby");
    const imported = await asAdmin(API.validator.import, { rows: [{ walletAddress: wallet, userRole: "Validator" }] });
    expect(imported.status).toBe(200);
    expect((await t.call("GET", API.operator.root, { token: first })).body.userRole).toBe("Validator");
    const missing = await asAdmin(API.validator.role, { walletAddress: newWallet().wallet, userRole: "Standby" });
    expect(missing.status).toBe(404);
  });

  it("removal ends the operator's sessions at once and refuses the next sign-in", async () => {
    const { key, wallet } = newWallet();
    await asAdmin(API.validator.root, { walletAddress: wallet, userRole: "Validator" });
    const session = await t.operatorToken(key);
    expect((await t.call("GET", API.operator.root, { token: session })).status).toBe(200);
    const { response, added } = await audited(() =>
      asAdmin(API.validator.delete, { walletAddress: `xdc${wallet.slice(2)}` }),
    );
    expect(response.status).toBe(200);
    expect(response.body.message).toBe("Validator Removed Successfully");
    expect(added).toMatchObject([{ action: "validator.remove", record_id: wallet, after: null }]);
    expect((await t.call("GET", API.operator.root, { token: session })).status).toBe(401);
    expect((await t.operatorLogin(key)).status).toBe(403);
    expect((await asAdmin(API.validator.delete, { walletAddress: wallet })).status).toBe(404);
  });

  it("a sign-in made while the wallet's entry is being removed or changed waits for it, and follows it", async () => {
    /** Holds `change` to the directory uncommitted while a sign-in starts, then commits it; answers the sign-in. */
    const signInDuring = async (key: `0x${string}`, change: (tx: Db) => Promise<unknown>) => {
      let commit = () => {};
      const committed = new Promise<void>((resolve) => (commit = resolve));
      let written = () => {};
      const changed = new Promise<void>((resolve) => (written = resolve));
      const held = t.db.transaction().execute(async (tx) => {
        await change(tx);
        written();
        await committed;
      });
      await changed;
      const signIn = t.operatorLogin(key);
      await new Promise((resolve) => setTimeout(resolve, 500));
      commit();
      await held;
      return signIn;
    };
    const removed = newWallet();
    await asAdmin(API.validator.root, { walletAddress: removed.wallet, userRole: "Validator" });
    const refused = await signInDuring(removed.key, (tx) =>
      tx.deleteFrom("app.validator_directory").where("wallet_address", "=", removed.wallet).execute(),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("Not a Validator!");

    const demoted = newWallet();
    await asAdmin(API.validator.root, { walletAddress: demoted.wallet, userRole: "Validator" });
    const signedIn = await signInDuring(demoted.key, (tx) =>
      tx
        .updateTable("app.validator_directory")
        .set({ user_role: "Standby" })
        .where("wallet_address", "=", demoted.wallet)
        .execute(),
    );
    expect(signedIn.status).toBe(200);
    const me = await t.call("GET", API.operator.root, { token: signedIn.body.token });
    expect(me.body.userRole).toBe("Standby");
  });

  it("imports all rows or none: one bad row saves nothing and the error map names the row", async () => {
    const [a, b, c] = [newWallet(), newWallet(), newWallet()];
    const rows = [
      { walletAddress: a.wallet, email: "a@example.com", userRole: "Validator" },
      { walletAddress: `xdc${b.wallet.slice(2)}`, email: "", userRole: "standby" },
      { walletAddress: "0xnot-an-address", userRole: "Validator" },
      { walletAddress: b.wallet, userRole: "Owner" },
      { walletAddress: c.wallet, userRole: "Validator" },
    ];
    const { response, added } = await audited(() => asAdmin(API.validator.import, { rows }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: MESSAGES.importRefused,
      errors: {
        "rows.2.walletAddress": "Wallet address must be an address (0x… or xdc…)",
        "rows.3.userRole": "Role must be Validator or Standby",
      },
    });
    expect(added).toEqual([]);
    expect(await directory()).not.toContain(a.wallet);

    const duplicate = await asAdmin(API.validator.import, {
      rows: [rows[0], rows[1], { walletAddress: b.wallet, userRole: "Validator" }],
    });
    expect(duplicate.body.errors).toEqual({ "rows.2.walletAddress": MESSAGES.importDuplicate });
    expect(await directory()).not.toContain(a.wallet);

    const fixed = await audited(() => asAdmin(API.validator.import, { rows: [rows[0], rows[1], rows[4]] }));
    expect(fixed.response.status, JSON.stringify(fixed.response.body)).toBe(200);
    expect(fixed.response.body).toMatchObject({ added: 3, updated: 0 });
    expect(fixed.added).toMatchObject([{ action: "validator.import", record_type: "validator" }]);
    const list = await t.call("GET", `${API.validator.root}?q=${b.wallet}`, { token });
    expect(list.body.docs).toMatchObject([{ walletAddress: b.wallet, email: null, userRole: "Standby" }]);
  });

  it("an import updates a wallet already listed (its email and role)", async () => {
    const { wallet } = newWallet();
    await asAdmin(API.validator.root, { walletAddress: wallet, email: "old@example.com", userRole: "Validator" });
    const response = await asAdmin(API.validator.import, {
      rows: [{ walletAddress: wallet, email: "new@example.com", userRole: "Standby" }],
    });
    expect(response.body).toMatchObject({ added: 0, updated: 1 });
    const list = await t.call("GET", `${API.validator.root}?q=${wallet}`, { token });
    expect(list.body.docs).toMatchObject([{ email: "new@example.com", userRole: "Standby" }]);
  });

  it(`refuses an import of more than ${IMPORT_MAX_ROWS} rows, or none`, async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => ({ walletAddress: "0x0", userRole: "Validator" }));
    const tooMany = await asAdmin(API.validator.import, { rows });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({ rows: MESSAGES.importTooMany });
    const none = await asAdmin(API.validator.import, { rows: [] });
    expect(none.body.errors).toEqual({ rows: MESSAGES.importEmpty });
  });

  it("exports the directory as CSV in the import's columns, formula cells neutralised", async () => {
    const { wallet } = newWallet();
    await t.db
      .insertInto("app.validator_directory")
      .values({ wallet_address: wallet, email: "=cmd@example.com", user_role: "Validator" })
      .execute();
    const response = await t.call("GET", API.validator.export, { token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const lines = (response.body as string).split("\r\n");
    expect(lines[0]).toBe("walletAddress,email,userRole,createdAt");
    expect(lines.find((line) => line.startsWith(wallet))).toMatch(
      new RegExp(`^${wallet},'=cmd@example.com,Validator,`),
    );
  });

  it("imports its own export back unchanged, a guarded email included", async () => {
    const { wallet } = newWallet();
    await asAdmin(API.validator.root, { walletAddress: wallet, email: "+ops@example.com", userRole: "Standby" });
    const exported = (await t.call("GET", API.validator.export, { token })).body as string;
    const [walletAddress, email, userRole] = exported
      .split("\r\n")
      .find((line) => line.startsWith(wallet))!
      .split(",");
    expect(email).toBe("'+ops@example.com");
    const response = await asAdmin(API.validator.import, { rows: [{ walletAddress, email, userRole }] });
    expect(response.body).toMatchObject({ added: 0, updated: 1 });
    const list = await t.call("GET", `${API.validator.root}?q=${wallet}`, { token });
    expect(list.body.docs).toMatchObject([{ email: "+ops@example.com", userRole: "Standby" }]);
  });

  it("refuses every route to an operator (403)", async () => {
    const { key, wallet } = newWallet();
    await asAdmin(API.validator.root, { walletAddress: wallet, userRole: "Validator" });
    const operator = await t.operatorToken(key);
    const rows = [{ walletAddress: wallet, userRole: "Standby" }];
    const calls = [
      t.call("GET", API.validator.root, { token: operator }),
      t.call("GET", API.validator.export, { token: operator }),
      t.call("POST", API.validator.root, { token: operator, body: rows[0] }),
      t.call("POST", API.validator.role, { token: operator, body: rows[0] }),
      t.call("POST", API.validator.delete, { token: operator, body: { walletAddress: wallet } }),
      t.call("POST", API.validator.import, { token: operator, body: { rows } }),
      t.call("POST", API.invite.import, { token: operator, body: { rows: [{ email: "x@example.com" }] } }),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(403);
    expect(await directory()).toContain(wallet);
  });
});

describe("the invite import", () => {
  it("saves all emails or none, keeps those already invited, and leaves one audit record", async () => {
    await asAdmin(API.invite.root, { email: "already@example.com" });
    const bad = await audited(() =>
      asAdmin(API.invite.import, {
        rows: [{ email: "one@example.com" }, { email: "not an email" }, { email: "ONE@example.com" }],
      }),
    );
    expect(bad.response.status).toBe(400);
    expect(bad.response.body.errors).toEqual({
      "rows.1.email": "Enter a valid email",
      "rows.2.email": MESSAGES.importDuplicate,
    });
    expect(bad.added).toEqual([]);
    const saved = await audited(() =>
      asAdmin(API.invite.import, { rows: [{ email: "one@example.com" }, { email: "already@example.com" }] }),
    );
    expect(saved.response.body).toEqual({ message: "Invites Imported Successfully", added: 1, alreadyInvited: 1 });
    expect(saved.added).toMatchObject([{ action: "invite.import", record_type: "invite" }]);
    const list = await t.call("GET", `${API.invite.root}?q=one@example.com`, { token });
    expect(list.body.totalDocs).toBe(1);
  });
});

describe("with an external validator-check service", () => {
  let external: TestAppWithSmtp;
  let stub: Awaited<ReturnType<typeof startValidatorStub>>;
  let adminToken: string;

  beforeAll(async () => {
    stub = await startValidatorStub();
    external = await createTestAppWithSmtp({ env: { VALIDATOR_CHECK_URL: stub.url } });
    adminToken = await external.adminToken(await external.addAdmin());
  });
  afterAll(async () => {
    await external?.close();
    await stub?.stop();
  });

  it("says the directory is read-only and refuses every write with a clear 409", async () => {
    const list = await external.call("GET", API.validator.root, { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.body.managedExternally).toBe(true);
    const { wallet } = newWallet();
    const entry = { walletAddress: wallet, userRole: "Validator" };
    for (const [url, body] of [
      [API.validator.root, entry],
      [API.validator.role, entry],
      [API.validator.delete, { walletAddress: wallet }],
      [API.validator.import, { rows: [entry] }],
    ] as const) {
      const response = await external.call("POST", url, { token: adminToken, body });
      expect(response.status).toBe(409);
      expect(response.body.error).toBe(
        "The validator directory is managed by the external validator-check service: change it there",
      );
    }
    expect(await external.db.selectFrom("app.validator_directory").selectAll().execute()).toEqual([]);
  });
});
