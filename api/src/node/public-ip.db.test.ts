import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { newOperator, nodeBody } from "../../test/nodes.ts";
import { API, MESSAGES } from "../public-contract/index.ts";
import { isPublicIp } from "./public-ip.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { NODE_PRIVATE_IPS: "false" } });
});
afterAll(() => t?.close());

describe("a node's IP address where private addresses are not allowed (production's default)", () => {
  it("tells public addresses from private, loopback, link-local, documentation and unique-local ones", () => {
    for (const ip of ["8.8.8.8", "51.15.2.7", "2a01:4f8::1"]) expect(isPublicIp(ip), ip).toBe(true);
    for (const ip of [
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "127.0.0.2",
      "169.254.169.254",
      "100.64.0.1",
      "203.0.113.9",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:10.0.0.1",
      "64:ff9b::a00:5",
      "::7f00:1",
      "2002:a00:1::1",
      "ff02::1",
      "198.18.0.1",
      "192.0.2.1",
    ]) {
      expect(isPublicIp(ip), ip).toBe(false);
    }
  });

  it("refuses a private address with a field error on add, takes a public one", async () => {
    const operator = await newOperator(t);
    const refused = await t.call("POST", `${API.node.root}/`, {
      token: operator.token,
      body: nodeBody(1, { ipaddress: "169.254.169.254" }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ ipaddress: MESSAGES.ipAddressNotPublic });
    const added = await t.call("POST", `${API.node.root}/`, {
      token: operator.token,
      body: nodeBody(1, { ipaddress: "51.15.2.7" }),
    });
    expect(added.status).toBe(201);
  });
});
