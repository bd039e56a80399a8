import { request } from "node:http";
import { serve, type ServerType } from "@hono/node-server";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { freePort } from "../../../scripts/lib/ports.ts";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { API } from "../public-contract/index.ts";
import { LIMITS_BY_ROUTE } from "./rate-limit.ts";

let t: TestApp;
let server: ServerType;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: "false" } });
  port = await freePort();
  server = serve({ fetch: t.app.fetch, port, hostname: "127.0.0.1" });
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** A JSON POST over a real socket whose source address is `from` (any 127.x.y.z reaches the loopback server). */
function postFrom(from: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        localAddress: from,
        headers: { "content-type": "application/json", ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

describe("rate limits key on the client's own address (the server path sees it directly)", () => {
  it("one address spending its sign-in budget does not block another; a forged X-Forwarded-For changes nothing", async () => {
    const walletAddress = privateKeyToAccount(DEV_KEYS.validator).address;
    const { max } = LIMITS_BY_ROUTE.siweIp;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++)
      statuses.push(
        await postFrom("127.0.0.2", API.operator.siwe, { walletAddress }, { "x-forwarded-for": `10.0.0.${i}` }),
      );
    expect(statuses.slice(0, max).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await postFrom("127.0.0.3", API.operator.siwe, { walletAddress })).toBe(200);
  });

  it("a stranger failing an admin's password locks out only the stranger's address", async () => {
    const admin = await t.addAdmin();
    for (let i = 0; i < LIMITS_BY_ROUTE.adminLoginFailures.max; i++)
      expect(await postFrom("127.0.0.4", API.admin.login, { email: admin.email, password: "wrong guess" })).toBe(400);
    expect(await postFrom("127.0.0.4", API.admin.login, { email: admin.email, password: "wrong guess" })).toBe(429);
    expect(await postFrom("127.0.0.5", API.admin.login, { email: admin.email, password: admin.password })).toBe(200);
  });
});
