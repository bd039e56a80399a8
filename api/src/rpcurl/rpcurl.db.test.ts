import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { newOperator } from "../../test/nodes.ts";
import { API } from "../public-contract/index.ts";

let t: TestAppWithSmtp;
let token: string;
const rpc = (n: number) => ({
  name: `Node ${n}`,
  provider: n % 2 ? "AWS" : "Vultr",
  rpc: `https://rpc${n}.example.com`,
  wss: `wss://ws${n}.example.com`,
});

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  await t.addValidator(DEV_KEYS.validator);
  token = await t.operatorToken(DEV_KEYS.validator);
});
afterAll(() => t?.close());

describe("RPC URLs", () => {
  it("adds, lists newest first with paging, and searches name, rpc, wss and provider", async () => {
    for (let n = 1; n <= 7; n++) {
      const response = await t.call("POST", `${API.rpcurl.root}/`, { token, body: rpc(n) });
      expect(response.status).toBe(201);
      expect(response.body.message).toBe("RPC Added Successfully");
    }
    const first = await t.call("GET", `${API.rpcurl.root}?page=1&limit=5`, { token });
    expect(first.body).toMatchObject({ totalDocs: 7, page: 1, limit: 5, totalPages: 2 });
    expect(first.body.docs.map((d: { name: string }) => d.name)).toEqual([
      "Node 7",
      "Node 6",
      "Node 5",
      "Node 4",
      "Node 3",
    ]);
    const second = await t.call("GET", `${API.rpcurl.root}?page=2&limit=5`, { token });
    expect(second.body.docs.map((d: { name: string }) => d.name)).toEqual(["Node 2", "Node 1"]);
    expect((await t.call("GET", `${API.rpcurl.root}?q=rpc3.example`, { token })).body.totalDocs).toBe(1);
    expect((await t.call("GET", `${API.rpcurl.root}?q=ws4`, { token })).body.totalDocs).toBe(1);
    expect((await t.call("GET", `${API.rpcurl.root}?q=vultr`, { token })).body.totalDocs).toBe(3);
    expect((await t.call("GET", `${API.rpcurl.root}?q=%25`, { token })).body.totalDocs).toBe(0);
  });

  it("keeps at most 50 RPC URLs per account, counted once for adds sent at once; others still add theirs", async () => {
    const full = await newOperator(t);
    const add = (n: number, as = full.token) => t.call("POST", API.rpcurl.root, { token: as, body: rpc(n) });
    for (let n = 1; n <= 49; n++) expect((await add(n)).status).toBe(201);
    const together = await Promise.all([add(100), add(101), add(102)]);
    expect(together.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    expect(together.find((response) => response.status === 409)!.body).toEqual({
      error: "You can keep at most 50 RPC URLs: delete one you no longer use to add another",
    });
    expect((await t.call("GET", `${API.rpcurl.root}?limit=5`, { token: full.token })).body.totalDocs).toBe(50);
    const oldest = (await t.call("GET", `${API.rpcurl.root}?page=10&limit=5`, { token: full.token })).body.docs[4];
    expect((await t.call("POST", API.rpcurl.delete, { token: full.token, body: { id: oldest._id } })).status).toBe(200);
    expect((await add(103)).status).toBe(201);
    expect((await add(104, token)).status).toBe(201);
  });

  it("edits and deletes", async () => {
    const created = await t.call("POST", API.rpcurl.root, { token, body: rpc(50) });
    const id = created.body.data._id;
    const edited = await t.call("POST", API.rpcurl.edit, { token, body: { ...rpc(51), _id: id } });
    expect(edited.body).toMatchObject({
      message: "RPC URL Edited Successfully",
      data: { name: "Node 51", rpc: "https://rpc51.example.com" },
    });
    const deleted = await t.call("POST", API.rpcurl.delete, { token, body: { id } });
    expect(deleted.body.message).toBe("RpcUrl Deleted Successfully");
    expect((await t.call("POST", API.rpcurl.delete, { token, body: { id } })).status).toBe(404);
  });

  it("an admin's edit and delete of an operator's record go to the audit trail with what it was and became; the owner's own do not", async () => {
    const adminToken = await t.adminToken(await t.addAdmin());
    const audited = () =>
      t.db
        .selectFrom("app.audit_record")
        .select(["action", "record_type", "before", "after"])
        .where("record_type", "=", "rpcUrl")
        .orderBy("occurred_at")
        .execute();
    const id = (await t.call("POST", API.rpcurl.root, { token, body: rpc(60) })).body.data._id;
    await t.call("POST", API.rpcurl.edit, { token, body: { ...rpc(61), _id: id } });
    expect(await audited()).toEqual([]);
    expect((await t.call("POST", API.rpcurl.edit, { token: adminToken, body: { ...rpc(62), _id: id } })).status).toBe(
      200,
    );
    expect((await t.call("POST", API.rpcurl.delete, { token: adminToken, body: { id } })).status).toBe(200);
    expect(await audited()).toMatchObject([
      {
        action: "rpcUrl.edit",
        before: { _id: id, name: "Node 61", rpc: "https://rpc61.example.com" },
        after: { _id: id, name: "Node 62", rpc: "https://rpc62.example.com" },
      },
      { action: "rpcUrl.delete", before: { _id: id, name: "Node 62" }, after: null },
    ]);
  });

  it("keeps a provider outside the list as sent (the spec submits the Others text as the provider), on add and edit", async () => {
    const added = await t.call("POST", API.rpcurl.root, {
      token,
      body: { name: "Rack", provider: "Hetzner", rpc: "https://rack.example.com", wss: "wss://rack.example.com" },
    });
    expect(added.status).toBe(201);
    expect(added.body.data.provider).toBe("Hetzner");
    const edited = await t.call("POST", API.rpcurl.edit, {
      token,
      body: {
        _id: added.body.data._id,
        name: "Rack 2",
        provider: "Hetzner",
        rpc: "https://rack.example.com",
        wss: "wss://rack.example.com",
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: "Rack 2", provider: "Hetzner" });
  });

  it("requires name, provider, an http(s) rpc URL and a ws(s) wss URL", async () => {
    const response = await t.call("POST", API.rpcurl.root, {
      token,
      body: { name: "", provider: " ", rpc: "ws://x", wss: "https://y" },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(["name", "provider", "rpc", "wss"]);
    const paging = await t.call("GET", `${API.rpcurl.root}?page=0&limit=1000`, { token });
    expect(Object.keys(paging.body.errors).sort()).toEqual(["limit", "page"]);
  });
});
