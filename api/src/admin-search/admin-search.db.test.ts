import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { addressOf, newOperator, nodeBody } from "../../test/nodes.ts";
import { API, MESSAGES } from "../public-contract/index.ts";

/** The admin's search (issue 44 point 3): a pasted value lands on the record it names, exactly. */
let t: TestAppWithSmtp;
let admin: string;
let operator: Awaited<ReturnType<typeof newOperator>>;
const body = nodeBody(77, { name: "Frankfurt validator of a very long-named operator" });

const search = (q: string, token = admin) => t.call("GET", `${API.adminSearch}?q=${encodeURIComponent(q)}`, { token });

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
  operator = await newOperator(t);
  expect((await t.call("POST", API.node.root, { token: operator.token, body })).status).toBe(201);
  await t.db
    .insertInto("app.incentive")
    .values({
      wallet: operator.wallet,
      node: body.nodeAddress,
      date: "2026-10-01",
      token: "1000",
      inactive_count: 0,
      staked_days: 30,
      accrued_days: 30,
      percentage: "2.5",
    })
    .execute();
});
afterAll(() => t?.close());

describe("admin search", () => {
  it("finds the operator and their node by a wallet pasted in its xdc form", async () => {
    const xdc = `xdc${operator.wallet.slice(2).toUpperCase()}`;
    const answer = await search(`  ${xdc} `);
    expect(answer.status).toBe(200);
    expect(answer.body.hits).toEqual([
      expect.objectContaining({ kind: "operator", id: operator.wallet }),
      expect.objectContaining({ kind: "node", title: body.name, detail: expect.stringContaining(body.nodeAddress) }),
    ]);
  });

  it("finds a node by its node address or IP, and an operator by email", async () => {
    expect((await search(body.nodeAddress)).body.hits).toEqual([
      expect.objectContaining({ kind: "node", title: body.name }),
    ]);
    expect((await search(body.ipaddress)).body.hits).toEqual([
      expect.objectContaining({ kind: "node", title: body.name }),
    ]);
    expect((await search(operator.email)).body.hits).toEqual([
      expect.objectContaining({ kind: "operator", id: operator.wallet }),
    ]);
  });

  it("finds an incentive by its payment transaction, and nothing for an unknown one", async () => {
    const paidTx = `0x${"ab".repeat(32)}`;
    await t.db
      .updateTable("app.incentive")
      .set({ paid_tx: paidTx, paid_at: new Date(), paid_amount: "1000", paid_block: 1n } as never)
      .where("wallet", "=", operator.wallet)
      .execute();
    const hits = (await search(paidTx.toUpperCase().replace("0X", "0x"))).body.hits;
    expect(hits).toEqual([
      expect.objectContaining({ kind: "incentive", detail: `2026-10-01 on node ${body.nodeAddress.toLowerCase()}` }),
    ]);
    expect((await search(`0x${"cd".repeat(32)}`)).body).toEqual({ hits: [] });
    expect((await search(addressOf(9, "0b"))).body).toEqual({ hits: [] });
  });

  it("refuses what is none of these with the field's hint, and answers only admins", async () => {
    for (const q of ["", "Frankfurt", "0x1234", "x".repeat(400)]) {
      const answer = await search(q);
      expect(answer.status).toBe(400);
      expect(answer.body.errors.q).toBe(MESSAGES.adminSearchHint);
    }
    expect((await search(operator.wallet, operator.token)).status).toBe(403);
    expect((await t.call("GET", `${API.adminSearch}?q=${operator.wallet}`)).status).toBe(401);
  });
});
