import type { Server } from "node:http";
import { serve, type ServerType } from "@hono/node-server";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/ports.ts";
import { waitFor } from "../../../scripts/lib/wait.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { openLiveStream, type LiveStream } from "../../test/live-stream.ts";
import { newOperator } from "../../test/nodes.ts";
import { setAdminPassword } from "../admin/index.ts";
import { hashPassword, signSession, verifySession } from "../auth/index.ts";
import { API } from "../public-contract/index.ts";
import { listenToIndexer } from "./indexer-listener.ts";
import type { LiveEvent } from "./schema.ts";
import { silentLog } from "../../test/logs.ts";

let t: TestAppWithSmtp;
let server: ServerType;
let origin: string;
let listener: ReturnType<typeof listenToIndexer>;
const streams: LiveStream[] = [];
let block = 1_000;

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  listener = listenToIndexer({ databaseUrl: t.config.DATABASE_URL, db: t.db, hub: t.live, log: silentLog() });
  await listener.ready;
  const port = await freePort();
  server = serve({ fetch: t.app.fetch, port, hostname: "127.0.0.1" });
  origin = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  (server as Server | undefined)?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await listener?.stop();
  await t?.close();
});

const open = async (token: string) => {
  const stream = await openLiveStream(origin, token);
  streams.push(stream);
  return stream;
};

/** Publishes an event naming `wallets` and waits until `heard` streams received it. */
async function publish(wallets: string[], heard: LiveStream[]): Promise<LiveEvent> {
  const event: LiveEvent = {
    block: ++block,
    topics: ["stake"],
    wallets: wallets.map((wallet) => wallet.toLowerCase()),
  };
  t.live.publish(event);
  for (const stream of heard)
    await waitFor("the event on a live stream", () => stream.received.some((got) => got.block === event.block), {
      timeoutMs: 5_000,
      intervalMs: 5,
    });
  return event;
}

const ends = (stream: LiveStream, what: string) =>
  waitFor(what, () => stream.hasEnded(), { timeoutMs: 5_000, intervalMs: 10 });
const QUIET_MS = 200;

describe("a live stream lasts as long as its session", () => {
  it("ends when the operator signs out and delivers nothing after, while other sessions' streams go on", async () => {
    const [leaving, staying] = [await newOperator(t), await newOperator(t)];
    const admin = await t.adminToken(await t.addAdmin());
    const [gone, kept, adminStream] = [await open(leaving.token), await open(staying.token), await open(admin)];
    await publish([leaving.wallet, staying.wallet], [gone, kept, adminStream]);

    expect((await t.call("POST", API.operator.logout, { token: leaving.token })).status).toBe(200);
    await ends(gone, "the signed-out operator's stream to end");
    const after = await publish([leaving.wallet, staying.wallet], [kept, adminStream]);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(gone.received.some((event) => event.block === after.block)).toBe(false);
    expect(kept.hasEnded() || adminStream.hasEnded()).toBe(false);
  });

  it("ends when an admin disables the operator", async () => {
    const operator = await newOperator(t);
    const admin = await t.adminToken(await t.addAdmin());
    const stream = await open(operator.token);
    const me = await t.call("GET", API.operator.root, { token: operator.token });
    expect(
      (await t.call("POST", API.operator.access, { token: admin, body: { _id: me.body._id, enabled: false } })).status,
    ).toBe(200);
    await ends(stream, "the disabled operator's stream to end");
  });

  it("ends when the operator turns 2FA off, which ends their earlier sessions", async () => {
    const operator = await newOperator(t);
    const stream = await open(operator.token);
    expect(
      (
        await t.call("POST", API.operator.twofaDisable, {
          token: operator.token,
          body: { otp: t.totpCode(operator.key, 1) },
        })
      ).status,
    ).toBe(200);
    await ends(stream, "the stream of the session 2FA's change ended");
  });

  it("ends when the admin's password is changed, which ends the admin's sessions", async () => {
    const admin = await t.addAdmin();
    const stream = await open(await t.adminToken(admin));
    await setAdminPassword(t.db, admin.id, await hashPassword("another horse battery"), {
      adminId: admin.id,
      clientAddress: "127.0.0.1",
    });
    await ends(stream, "the admin's stream to end");
  });

  it("ends when its session ended while the listener's connection was down and the announcement is gone", async () => {
    const operator = await newOperator(t);
    const stream = await open(operator.token);
    await publish([operator.wallet], [stream]);
    // The session ends with no announcement (the triggers off for this transaction): one pruned before it was read.
    await t.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await trx
        .updateTable("app.operator")
        .set({ session_version: sql`session_version + 1` })
        .where("wallet_address", "=", operator.wallet)
        .execute();
    });
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE application_name = 'pli-api-live' AND datname = current_database()`.execute(t.db);
    await ends(stream, "the stream to end once the listener is back");
  });

  it("ends when its token expires", async () => {
    const operator = await newOperator(t);
    const claims = await verifySession(operator.token, t.config.JWT_SECRET);
    const { exp: _exp, ...rest } = claims;
    const shortLived = await signSession(rest, t.config.JWT_SECRET, 2);
    const { exp } = await verifySession(shortLived, t.config.JWT_SECRET);
    const stream = await open(shortLived);
    await ends(stream, "the stream to end at its token's exp");
    expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000 - 50);
  });
});
