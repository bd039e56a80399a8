import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../../scripts/lib/wait.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { newOperator } from "../../test/nodes.ts";
import { API, TICKET_STATUS, USER_TYPE } from "../public-contract/index.ts";
import { listenToIndexer } from "./indexer-listener.ts";
import type { LiveEvent } from "./schema.ts";
import { captureLogs } from "../../test/logs.ts";

let t: TestAppWithSmtp;
let listener: ReturnType<typeof listenToIndexer>;
const logs = captureLogs();
let adminToken: string;
type Operator = Awaited<ReturnType<typeof newOperator>>;
let a: Operator;
let b: Operator;
/** What each audience's live stream would be sent: the hub filters as the SSE route's subscription does. */
const heard: Record<"a" | "b" | "admin", LiveEvent[]> = { a: [], b: [], admin: [] };

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  adminToken = await t.adminToken(await t.addAdmin());
  a = await newOperator(t);
  b = await newOperator(t);
  t.live.subscribe({ userType: USER_TYPE.user, wallet: a.wallet }, (event) => heard.a.push(event));
  t.live.subscribe({ userType: USER_TYPE.user, wallet: b.wallet }, (event) => heard.b.push(event));
  t.live.subscribe({ userType: USER_TYPE.admin }, (event) => heard.admin.push(event));
  listener = listenToIndexer({
    databaseUrl: t.config.DATABASE_URL,
    db: t.db,
    hub: t.live,
    log: logs.log,
  });
  await listener.ready;
});
afterAll(async () => {
  await listener?.stop();
  await t?.close();
});

const ticketEvents = (who: keyof typeof heard) => heard[who].filter((event) => event.topics.includes("ticket"));
/** Waits for a new ticket event naming A's wallet on `who`'s stream, after the `after` ticket events it had. */
const announced = (who: keyof typeof heard, after: number) =>
  waitFor(
    `a ticket event for ${who}`,
    () =>
      ticketEvents(who)
        .slice(after)
        .find((event) => event.wallets.includes(a.wallet.toLowerCase())),
    { timeoutMs: 5_000, intervalMs: 5 },
  );
const counts = () => ({ a: ticketEvents("a").length, admin: ticketEvents("admin").length });

describe("ticket changes on the live channel", () => {
  it("announces a ticket opened, each reply and its closing to its operator and to every admin; another operator hears none", async () => {
    let seen = counts();
    const opened = await t.call("POST", API.ticket.root, {
      token: a.token,
      body: { subject: "Node keeps dropping", message: "Every night." },
    });
    expect(opened.status).toBe(201);
    const ticketId = opened.body.data._id as string;
    expect(await announced("a", seen.a)).toMatchObject({ topics: ["ticket"], wallets: [a.wallet.toLowerCase()] });
    await announced("admin", seen.admin);

    for (const [token, body] of [
      [adminToken, "Open port 6688."],
      [a.token, "Done, thanks."],
    ] as const) {
      seen = counts();
      expect((await t.call("POST", API.ticket.reply, { token, body: { _id: ticketId, message: body } })).status).toBe(
        200,
      );
      await announced("a", seen.a);
      await announced("admin", seen.admin);
    }

    seen = counts();
    expect((await t.call("POST", API.ticket.close, { token: adminToken, body: { _id: ticketId } })).status).toBe(200);
    await announced("a", seen.a);
    await announced("admin", seen.admin);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ticketEvents("b")).toEqual([]);
    expect(logs.errors()).toEqual([]);
  });

  it("announces a message when its transaction commits, never before, and once however many rows it touched", async () => {
    const opening = ticketEvents("a").length;
    const ticket = await t.call("POST", API.ticket.root, {
      token: a.token,
      body: { subject: "Payouts", message: "When?" },
    });
    const ticketId = ticket.body.data._id as string;
    const operatorId = ticket.body.data.user._id as string;
    await announced("a", opening);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = ticketEvents("a").length;
    await t.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("app.ticket_message")
        .values({ ticket_id: ticketId, author_type: USER_TYPE.user, author_id: operatorId, body: "Also this." })
        .execute();
      await trx.updateTable("app.ticket").set({ status: TICKET_STATUS.open }).where("id", "=", ticketId).execute();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(ticketEvents("a").length, "nothing is announced before the commit").toBe(before);
    });
    await announced("a", before);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ticketEvents("a").length - before).toBe(1);
    expect(ticketEvents("b")).toEqual([]);
  });
});
