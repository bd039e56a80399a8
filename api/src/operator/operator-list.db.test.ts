import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { newOperator, registerNode } from "../../test/nodes.ts";
import { API } from "../public-contract/index.ts";

let t: TestAppWithSmtp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  adminToken = await t.adminToken(await t.addAdmin());
});
afterAll(() => t?.close());

/** The admin's page of operators for the search `q`. */
async function search(q: string) {
  const response = await t.call("GET", `${API.operator.root}?page=1&limit=50&q=${encodeURIComponent(q)}`, {
    token: adminToken,
  });
  expect(response.status).toBe(200);
  return response.body as { docs: Record<string, unknown>[]; totalDocs: number };
}

describe("GET /api/user: the admin's operator list", () => {
  it("shows each operator's node count, last sign-in (set by signing in), 2FA and disabled flag, and nothing secret", async () => {
    const operator = await newOperator(t);
    await registerNode(t, operator.token, 7101);
    await registerNode(t, operator.token, 7102);
    await t.db
      .updateTable("app.operator")
      .set({ last_sign_in_at: null })
      .where("wallet_address", "=", operator.wallet)
      .execute();
    expect((await search(operator.wallet)).docs[0]).toMatchObject({ lastSignInAt: null });
    const beforeSignIn = Date.now();
    await t.operatorToken(operator.key);

    const page = await search(operator.wallet);
    expect(page.totalDocs).toBe(1);
    const [row] = page.docs;
    expect(row).toMatchObject({
      walletAddress: operator.wallet,
      email: operator.email,
      userRole: "Validator",
      twofa: "Yes",
      nodes: 2,
      disabled: false,
    });
    expect(Date.parse(row!.lastSignInAt as string)).toBeGreaterThanOrEqual(beforeSignIn - 1000);
    expect(Object.keys(row!).sort()).toEqual(
      [
        "_id",
        "createdAt",
        "disabled",
        "email",
        "lastSignInAt",
        "nodes",
        "twofa",
        "userRole",
        "userType",
        "walletAddress",
      ].sort(),
    );

    const disable = await t.call("POST", API.operator.access, {
      token: adminToken,
      body: { _id: row!._id, enabled: false },
    });
    expect(disable.status).toBe(200);
    expect((await search(operator.wallet)).docs[0]).toMatchObject({ disabled: true });
  });

  it("finds an operator by part of the wallet (0x or xdc, any case) and by part of the email", async () => {
    const operator = await newOperator(t);
    await newOperator(t);
    const tail = operator.wallet.slice(-10);
    expect((await search(tail.toUpperCase())).docs.map((doc) => doc.walletAddress)).toEqual([operator.wallet]);
    expect((await search(`xdc${operator.wallet.slice(2)}`)).docs.map((doc) => doc.walletAddress)).toEqual([
      operator.wallet,
    ]);
    const local = operator.email.split("@")[0]!;
    expect((await search(local)).docs.map((doc) => doc.email)).toEqual([operator.email]);
    expect((await search("no-such-operator@nowhere")).totalDocs).toBe(0);
  });

  it("pages the operators: the limit per page and the total of every page", async () => {
    for (let i = 0; i < 3; i++) await newOperator(t);
    const first = await t.call("GET", `${API.operator.root}?page=1&limit=2`, { token: adminToken });
    const second = await t.call("GET", `${API.operator.root}?page=2&limit=2`, { token: adminToken });
    expect(first.body.docs).toHaveLength(2);
    expect(first.body.totalPages).toBe(Math.ceil(first.body.totalDocs / 2));
    expect(second.body.docs[0]._id).not.toBe(first.body.docs[0]._id);
    expect(second.body.docs[0]._id).not.toBe(first.body.docs[1]._id);
  });

  it("gives an operator only their own record (with their node count), never the list, and refuses them access changes", async () => {
    const operator = await newOperator(t);
    const other = await newOperator(t);
    await registerNode(t, operator.token, 7201);
    const own = await t.call("GET", `${API.operator.root}?page=1&limit=50&q=${other.wallet}`, {
      token: operator.token,
    });
    expect(own.status).toBe(200);
    expect(own.body.docs).toBeUndefined();
    expect(own.body).toMatchObject({ walletAddress: operator.wallet, nodes: 1, disabled: false });
    expect(typeof own.body.lastSignInAt).toBe("string");
    const access = await t.call("POST", API.operator.access, {
      token: operator.token,
      body: { _id: own.body._id, enabled: false },
    });
    expect(access.status).toBe(403);
  });
});
