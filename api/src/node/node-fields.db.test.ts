import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { imageForm, PNG_1X1 } from "../../test/images.ts";
import { addressOf, newOperator, nodeBody } from "../../test/nodes.ts";
import { API, MESSAGES } from "../public-contract/index.ts";

let t: TestApp;
let n = 0;
/** A fresh operator per test keeps the node limit out of the way. */
const operator = () => newOperator(t);
const add = (token: string, body: unknown) => t.call("POST", API.node.root, { token, body });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("POST /api/nodesetting/: field rules", () => {
  it("requires every field but description, logo and otherProvider", async () => {
    const { token } = await operator();
    const response = await add(token, {});
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Check all the fields");
    expect(Object.keys(response.body.errors).sort()).toEqual([
      "ipaddress",
      "name",
      "nodeAddress",
      "oracleAddress",
      "os",
      "provider",
      "ram",
      "security",
      "storage",
    ]);
    const minimal = nodeBody(++n, { description: undefined, logo: undefined, otherProvider: undefined });
    expect((await add(token, minimal)).status).toBe(201);
  });

  it("RAM at least 16 and storage at least 400, whole numbers (numeric text accepted)", async () => {
    const { token } = await operator();
    const low = await add(token, nodeBody(++n, { ram: 15, storage: 399 }));
    expect(low.body.errors).toEqual({ ram: "minimum requirement 16 GB", storage: "minimum requirement 400 GB" });
    const notNumbers = await add(token, nodeBody(++n, { ram: "lots", storage: 400.5 }));
    expect(Object.keys(notNumbers.body.errors).sort()).toEqual(["ram", "storage"]);
    const blank = await add(token, nodeBody(++n, { ram: "", storage: null }));
    expect(Object.keys(blank.body.errors).sort()).toEqual(["ram", "storage"]);
    const text = await add(token, nodeBody(++n, { ram: " 16 ", storage: "400" }));
    expect(text.status).toBe(201);
    expect(text.body.data).toMatchObject({ ram: 16, storage: 400 });
  });

  it("provider from the options; Others takes the free text, any other option clears it", async () => {
    const { token } = await operator();
    const unknown = await add(token, nodeBody(++n, { provider: "Hetzner" }));
    expect(Object.keys(unknown.body.errors)).toEqual(["provider"]);
    const othersEmpty = await add(token, nodeBody(++n, { provider: "Others", otherProvider: "  " }));
    expect(othersEmpty.body.errors).toEqual({ otherProvider: MESSAGES.otherProviderRequired });
    const others = await add(token, nodeBody(++n, { provider: "Others", otherProvider: "Hetzner" }));
    expect(others.status).toBe(201);
    expect(others.body.data).toMatchObject({ provider: "Others", otherProvider: "Hetzner", providerName: "Hetzner" });
    const cleared = await add(token, nodeBody(++n, { provider: "Vultr", otherProvider: "Hetzner" }));
    expect(cleared.body.data).toMatchObject({ provider: "Vultr", otherProvider: "", providerName: "Vultr" });
  });

  it("IP address: IPv4 or IPv6, unicast, stored in one spelling", async () => {
    const { token } = await operator();
    for (const ipaddress of [
      "999.1.1.1",
      "1.2.3",
      "010.1.1.1",
      "node.example.com",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "",
    ]) {
      const response = await add(token, nodeBody(++n, { ipaddress }));
      expect(Object.keys(response.body.errors ?? {}), ipaddress).toEqual(["ipaddress"]);
    }
    const v6 = await add(token, nodeBody(++n, { ipaddress: "2001:DB8:0:0::0:1" }));
    expect(v6.status).toBe(201);
    expect(v6.body.data.ipaddress).toBe("2001:db8::1");
  });

  it("oracle and node addresses must be addresses; xdc… becomes 0x…; the wallet comes from the session", async () => {
    const { token, wallet } = await operator();
    const bad = await add(token, nodeBody(++n, { oracleAddress: "0x1234", nodeAddress: "xdcnothex" }));
    expect(Object.keys(bad.body.errors).sort()).toEqual(["nodeAddress", "oracleAddress"]);
    const i = ++n;
    const xdc = await add(
      token,
      nodeBody(i, {
        oracleAddress: `xdc${addressOf(i, "AA").slice(2)}`,
        nodeAddress: `XDC${addressOf(i, "BB").slice(2)}`,
        walletAddress: addressOf(i, "cc"),
      }),
    );
    expect(xdc.status).toBe(201);
    expect(xdc.body.data).toMatchObject({
      oracleAddress: addressOf(i, "aa"),
      nodeAddress: addressOf(i, "bb"),
      walletAddress: wallet,
      status: "Pending",
    });
    expect(xdc.body.message).toBe("Node Added Successfully");
  });

  it("a logo must be an image this operator uploaded", async () => {
    const a = await operator();
    const b = await operator();
    const mine = (await t.call("POST", API.upload, { token: a.token, body: imageForm(PNG_1X1, "logo.png") })).body.file;
    const theirs = (await t.call("POST", API.upload, { token: b.token, body: imageForm(PNG_1X1, "logo.png") })).body
      .file;
    expect((await add(a.token, nodeBody(++n, { logo: theirs }))).body.errors).toEqual({ logo: MESSAGES.logoNotYours });
    expect((await add(a.token, nodeBody(++n, { logo: "missing.png" }))).body.errors).toEqual({
      logo: MESSAGES.logoNotYours,
    });
    expect((await add(a.token, nodeBody(++n, { logo: "../etc/passwd" }))).body.errors.logo).toBeTruthy();
    const ok = await add(a.token, nodeBody(++n, { logo: mine }));
    expect(ok.status).toBe(201);
    expect(ok.body.data.logo).toBe(mine);
  });
});

describe("duplicates", () => {
  it("refuses an IP address or node address any node holds, in any spelling, with a field error", async () => {
    const a = await operator();
    const b = await operator();
    const i = ++n;
    expect((await add(a.token, nodeBody(i, { ipaddress: "2001:db8::7" }))).status).toBe(201);
    const sameIp = await add(b.token, nodeBody(++n, { ipaddress: "2001:0DB8:0000::7" }));
    expect(sameIp.body.errors).toEqual({ ipaddress: MESSAGES.ipAddressTaken });
    const sameNode = await add(
      b.token,
      nodeBody(++n, { nodeAddress: `xdc${addressOf(i, "0b").slice(2).toUpperCase()}` }),
    );
    expect(sameNode.body.errors).toEqual({ nodeAddress: MESSAGES.nodeAddressTaken });
    const both = await add(b.token, nodeBody(++n, { ipaddress: "2001:db8::7", nodeAddress: addressOf(i, "0b") }));
    expect(both.body.errors).toEqual({ ipaddress: MESSAGES.ipAddressTaken, nodeAddress: MESSAGES.nodeAddressTaken });
  });

  it("two operators racing for one IP: one node, one field error", async () => {
    const [a, b] = await Promise.all([operator(), operator()]);
    const i = ++n;
    const results = await Promise.all([
      add(a.token, nodeBody(i)),
      add(b.token, nodeBody(i, { nodeAddress: addressOf(i, "0c") })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)!.body.errors).toEqual({ ipaddress: MESSAGES.ipAddressTaken });
  });

  it("checkip says whether another node holds the IP (a node's own IP is free for its edit)", async () => {
    const { token } = await operator();
    const i = ++n;
    const id = (await add(token, nodeBody(i))).body.data._id;
    const ip = nodeBody(i).ipaddress;
    expect((await t.call("POST", API.node.checkIp, { token, body: { ipaddress: ip } })).body).toEqual({
      status: false,
      message: MESSAGES.ipAddressTaken,
    });
    expect((await t.call("POST", API.node.checkIp, { token, body: { ipaddress: ip, _id: id } })).body.status).toBe(
      true,
    );
    expect((await t.call("POST", API.node.checkIp, { token, body: { ipaddress: "10.250.250.250" } })).body).toEqual({
      status: true,
      message: MESSAGES.ipAddressAvailable,
    });
    expect((await t.call("POST", API.node.checkIp, { token, body: { ipaddress: "nope" } })).status).toBe(400);
  });
});

describe("node limit", () => {
  it("50 concurrent adds by one operator create exactly 2 nodes; the rest get 409", async () => {
    const { token } = await operator();
    const base = n + 1;
    n += 50;
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => add(token, nodeBody(base + i))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(48);
    for (const response of refused)
      expect(response).toMatchObject({ status: 409, body: { error: "Maximum Allowed Node Limit Reached" } });
    expect((await t.call("GET", API.node.root, { token })).body.totalDocs).toBe(2);
  });

  it("a De-Active node without a stake does not count", async () => {
    const { token } = await operator();
    const first = (await add(token, nodeBody(++n))).body.data._id;
    expect((await add(token, nodeBody(++n))).status).toBe(201);
    expect((await add(token, nodeBody(++n))).status).toBe(409);
    await t.db.updateTable("app.node").set({ status: "De-Active" }).where("id", "=", first).execute();
    expect((await add(token, nodeBody(++n))).status).toBe(201);
  });
});
