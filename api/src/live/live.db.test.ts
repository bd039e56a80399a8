import type { Server } from "node:http";
import type { ServerType } from "@hono/node-server";
import { EventSource } from "eventsource";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/ports.ts";
import { waitFor } from "../../../scripts/lib/wait.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { openLiveStream } from "../../test/live-stream.ts";
import { newOperator } from "../../test/nodes.ts";
import { API } from "../public-contract/index.ts";
import { serveApi } from "../shared/serve.ts";
import { KEEP_ALIVE_MS } from "./hub.ts";
import { LIVE_EVENT_NAME, type LiveEvent } from "./schema.ts";

let t: TestAppWithSmtp;
let server: ServerType;
let origin: string;
const sources: EventSource[] = [];

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  const port = await freePort();
  // As the API serves it (api/src/server.ts): the streams' bytes go straight to Node's response.
  server = serveApi(t.app.fetch, { port, hostname: "127.0.0.1" });
  origin = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  for (const source of sources) source.close();
  (server as Server | undefined)?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/**
 * An EventSource with the session token in the Authorization header (as the web app sends it); without a token, the
 * stream of pages without a session.
 */
function listen(token: string | null, lastEventId?: string) {
  const received: LiveEvent[] = [];
  const source = new EventSource(`${origin}${token === null ? API.livePublic : API.live}`, {
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: {
          ...init?.headers,
          ...(token === null ? {} : { authorization: `Bearer ${token}` }),
          ...(lastEventId ? { "last-event-id": lastEventId } : {}),
        },
      }),
  });
  source.addEventListener(LIVE_EVENT_NAME, (message) => received.push(JSON.parse(message.data) as LiveEvent));
  sources.push(source);
  const opened = new Promise<void>((resolve, reject) => {
    source.onopen = () => resolve();
    source.onerror = (error) => reject(new Error(`stream refused: ${error.code ?? error.message}`));
  });
  return { received, opened };
}

describe("live events over Server-Sent Events", () => {
  it("refuses a stream without a session", async () => {
    expect((await fetch(`${origin}${API.live}`)).status).toBe(401);
  });

  it("sends an operator only what names their wallet, an admin everything, and opens a hundred streams at once", async () => {
    const a = await newOperator(t);
    const b = await newOperator(t);
    const admin = await t.adminToken(await t.addAdmin());
    const streamA = listen(a.token);
    const streamB = listen(b.token);
    const streamAdmin = listen(admin);
    await Promise.all([streamA.opened, streamB.opened, streamAdmin.opened]);
    const crowd = Array.from({ length: 100 }, () => listen(b.token));
    await Promise.all(crowd.map((stream) => stream.opened));
    await waitFor("every stream subscribed", () => t.live.size === 103 || undefined, { timeoutMs: 5_000 });

    const event: LiveEvent = { block: 42, topics: ["stake"], wallets: [a.wallet.toLowerCase()] };
    const started = performance.now();
    t.live.publish(event);
    await waitFor("A's event", () => streamA.received.length === 1 || undefined, { timeoutMs: 5_000, intervalMs: 5 });
    expect(performance.now() - started).toBeLessThan(1_000);
    await waitFor("the admin's event", () => streamAdmin.received.length === 1 || undefined, {
      timeoutMs: 5_000,
      intervalMs: 5,
    });
    expect(streamA.received).toEqual([event]);
    expect(streamAdmin.received).toEqual([event]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(streamB.received).toEqual([]);
    expect(crowd.every((stream) => stream.received.length === 0)).toBe(true);
    expect((await t.call("GET", API.health)).status).toBeLessThan(600);
  });

  it("sends each operator only their own wallet's new stake total, and an admin none", async () => {
    const a = await newOperator(t);
    const b = await newOperator(t);
    const admin = await t.adminToken(await t.addAdmin());
    const open = t.live.size;
    const [streamA, streamB, streamAdmin] = [listen(a.token), listen(b.token), listen(admin)] as const;
    const streams = [streamA, streamB, streamAdmin];
    await Promise.all(streams.map((stream) => stream.opened));
    const [walletA, walletB] = [a.wallet.toLowerCase(), b.wallet.toLowerCase()];
    const wallets = [walletA, walletB];
    await waitFor("every stream subscribed", () => t.live.size === open + 3 || undefined, { timeoutMs: 5_000 });

    t.live.publish(
      { block: 44, topics: ["stake"], wallets },
      new Map([
        [walletA, "1000"],
        [walletB, "2000"],
      ]),
    );
    await waitFor("every stream's event", () => streams.every((stream) => stream.received.length === 1) || undefined, {
      timeoutMs: 5_000,
      intervalMs: 5,
    });
    expect(streamA.received).toEqual([{ block: 44, topics: ["stake"], wallets: [walletA], tillStake: "1000" }]);
    expect(streamB.received).toEqual([{ block: 44, topics: ["stake"], wallets: [walletB], tillStake: "2000" }]);
    expect(streamAdmin.received).toEqual([{ block: 44, topics: ["stake"], wallets }]);
  });

  it("a stream resuming from an older event gets one catch-up event for everything", async () => {
    const a = await newOperator(t);
    t.live.publish({ block: 50, topics: ["reward"], wallets: [] });
    const resumed = listen(a.token, "45");
    await resumed.opened;
    await waitFor("the catch-up event", () => resumed.received.length === 1 || undefined, { timeoutMs: 5_000 });
    expect(resumed.received[0]).toEqual({
      block: 50,
      topics: ["stake", "whitelist", "reward", "limits", "node", "job", "request", "ticket", "setting"],
      wallets: [a.wallet.toLowerCase()],
    });
  });

  it("sends a change of the stake limits, which every staking form applies, to every operator without naming any wallet", async () => {
    const a = await newOperator(t);
    const b = await newOperator(t);
    const streamA = listen(a.token);
    const streamB = listen(b.token);
    await Promise.all([streamA.opened, streamB.opened]);
    const limits: LiveEvent = { block: 60, topics: ["limits"], wallets: [] };
    t.live.publish(limits);
    t.live.publish({ block: 60, topics: ["stake"], wallets: [] });
    await waitFor(
      "both operators' events",
      () => (streamA.received.length === 1 && streamB.received.length === 1) || undefined,
      { timeoutMs: 5_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(streamA.received).toEqual([limits]);
    expect(streamB.received).toEqual([limits]);
  });

  it("sends a page without a session only what concerns everybody: stake limits and site settings", async () => {
    const a = await newOperator(t);
    const signedOut = listen(null);
    await signedOut.opened;
    const setting: LiveEvent = { block: 70, topics: ["setting"], wallets: [] };
    t.live.publish({ block: 70, topics: ["stake"], wallets: [a.wallet.toLowerCase()] });
    t.live.publish({ block: 70, topics: ["ticket"], wallets: [] });
    t.live.publish(setting);
    await waitFor("the settings event", () => signedOut.received.length > 0 || undefined, { timeoutMs: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(signedOut.received).toEqual([setting]);
  });
  it("an operator's stream no event concerns gets nothing but keep-alives, and once closed leaves the hub", async () => {
    const a = await newOperator(t);
    const b = await newOperator(t);
    const open = t.live.size;
    const wallets = t.live.indexed.wallets;
    const streamA = await openLiveStream(origin, a.token);
    const streamB = await openLiveStream(origin, b.token);
    await waitFor("both streams subscribed", () => t.live.size === open + 2 || undefined, { timeoutMs: 5_000 });
    expect(t.live.indexed.wallets).toBe(wallets + 2);

    for (let block = 80; block < 90; block++)
      t.live.publish({ block, topics: ["stake", "reward"], wallets: [a.wallet.toLowerCase()] });
    t.live.sendKeepAlives(Date.now() + KEEP_ALIVE_MS);
    await waitFor("B's keep-alive", () => streamB.keepAlives() === 1 || undefined, { timeoutMs: 5_000, intervalMs: 5 });
    await waitFor("A's events", () => streamA.received.length === 10 || undefined, { timeoutMs: 5_000, intervalMs: 5 });
    expect(streamB.received).toEqual([]);
    expect(streamB.others).toEqual([]);

    streamB.close();
    await waitFor("B's stream out of the hub", () => t.live.size === open + 1 || undefined, { timeoutMs: 5_000 });
    expect(t.live.indexed.wallets).toBe(wallets + 1);
    streamA.close();
    await waitFor("A's stream out of the hub", () => t.live.size === open || undefined, { timeoutMs: 5_000 });
    expect(t.live.indexed.wallets).toBe(wallets);
  });
});
