import { sql } from "kysely";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYST_TEST_PASSWORD, connectAsAnalyst } from "../../../test/analyst.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { operatorWithActiveNode, submitJob } from "../../test/jobs.ts";
import { operatorIdOf } from "../../test/nodes.ts";
import { provisionAdmin } from "../admin/provision.ts";
import { recordAudit } from "../audit/repository.ts";
import { API } from "../public-contract/index.ts";
import { applyAnalystAccess } from "./analyst-access.ts";

/**
 * What analysts read (every view of the `analytics` schema, found in the catalog so a new view is searched too) over
 * a portal holding the personal data and secrets of every kind it keeps: not one email, IP address, person's name,
 * note, webhook target or secret may show in any row.
 */
let t: TestAppWithSmtp;
let analyst: pg.Client;
const ADMIN_NAME = "Ada Lovelace";
const ADMIN_EMAIL = "ada.lovelace@example.org";
const INVITED_EMAIL = "invited.operator@example.net";
const CONTACT_NAME = "Grace Hopper";
const NOTES = "Phoned Grace Hopper about the outage";
const WEBHOOK_TARGET = "https://hooks.example.com/services/T0SECRET/B0SECRET/xoxsecretpath";
const WEBHOOK_SECRET = "whsec_4f1d2c9e7b6a5d3c";
const BOT_TOKEN = "123456789:AAE-bot-token-Secret_value";
let seeded: { emails: string[]; ips: string[] };

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  const admin = await t.addAdmin();
  const token = await t.adminToken(admin);
  const asAdmin = (url: string, body: unknown) => t.call("POST", url, { token, body });
  await provisionAdmin(t.appDb, { email: ADMIN_EMAIL, name: ADMIN_NAME });
  await recordAudit(t.appDb, {
    by: { adminId: admin.id, clientAddress: "198.51.100.23" },
    action: "invite.add",
    recordType: "invite",
    recordId: null,
    after: { email: INVITED_EMAIL },
  });

  const operator = await operatorWithActiveNode(t);
  const node = await t.db
    .selectFrom("app.node")
    .select(["ipaddress", "node_address"])
    .where("id", "=", operator.nodeId)
    .executeTakeFirstOrThrow();
  const reviewed = await submitJob(t, operator);
  expect((await asAdmin(API.job.edit, { _id: reviewed, status: "Approved", adminNotes: NOTES })).status).toBe(200);
  const deleted = await submitJob(t, operator);
  expect((await asAdmin(API.job.delete, { id: deleted })).status).toBe(200);

  const ticket = await t.call("POST", API.ticket.root, {
    token: operator.token,
    body: { subject: `${CONTACT_NAME} asks`, message: `Please call ${CONTACT_NAME} at ${ADMIN_EMAIL}.` },
  });
  expect(ticket.status).toBe(201);

  const operatorId = await operatorIdOf(t.db, operator.wallet);
  await t.db
    .insertInto("app.webhook")
    .values([
      { operator_id: operatorId, kind: "json", target: WEBHOOK_TARGET, secret: WEBHOOK_SECRET },
      { operator_id: operatorId, kind: "telegram", target: "-100123456789", token: BOT_TOKEN },
    ])
    .execute();
  await t.db
    .insertInto("app.incentive")
    .values({
      wallet: operator.wallet,
      node: node.node_address,
      date: "2027-03-01",
      token: 10n ** 21n,
      inactive_count: 0,
      staked_days: 28,
      accrued_days: 28,
      percentage: "10",
    })
    .execute();
  await t.db
    .insertInto("app.node_probe_day")
    .values({ node_id: operator.nodeId, day: "2027-03-02", probes: 96, successes: 95 })
    .execute();
  await t.db.insertInto("app.stake_request").values({ operator_id: operatorId, node_id: operator.nodeId }).execute();

  seeded = { emails: [ADMIN_EMAIL, INVITED_EMAIL, admin.email, operator.email], ips: [node.ipaddress] };
  await applyAnalystAccess(t.db, ANALYST_TEST_PASSWORD);
  analyst = await connectAsAnalyst(t.config.DATABASE_URL);
});

afterAll(async () => {
  await analyst?.end();
  await t?.close();
});

const EMAIL = /[\w.%+-]+@[\w-]+(\.[\w-]+)+/;
const IPV4 = /(?<![\d.])(\d{1,3}\.){3}\d{1,3}(?![\d.])/;

describe("the analytics views", () => {
  it("show, in every row of every view, no email, IP address, name, note, webhook target or secret", async () => {
    const { rows: views } = await sql<{
      name: string;
    }>`SELECT table_name AS name FROM information_schema.views WHERE table_schema = 'analytics' ORDER BY 1`.execute(
      t.db,
    );
    const names = views.map((view) => view.name);
    expect(names.length).toBeGreaterThanOrEqual(6);
    for (const view of names) {
      const { rows } = await analyst.query<{ line: string }>(
        `SELECT to_jsonb(v)::text AS line FROM analytics.${view} v`,
      );
      expect(rows.length, `${view} has rows to search`).toBeGreaterThan(0);
      const text = rows.map((row) => row.line).join("\n");
      for (const secret of [
        ...seeded.emails,
        ...seeded.ips,
        ADMIN_NAME,
        CONTACT_NAME,
        NOTES,
        WEBHOOK_TARGET,
        "hooks.example.com",
        WEBHOOK_SECRET,
        BOT_TOKEN,
      ])
        expect(text, `${view} shows ${secret}`).not.toContain(secret);
      expect(text, `${view} shows an email`).not.toMatch(EMAIL);
      expect(text, `${view} shows an IP address`).not.toMatch(IPV4);
    }
  });

  it("keep what an analyst needs of an audit record: the action, the record and its ids, statuses and amounts", async () => {
    const { rows } = await analyst.query<{ action: string; before: Record<string, unknown> | null }>(
      "SELECT action, before FROM analytics.audit_records WHERE action IN ('job.delete', 'job.quickUpdate')",
    );
    const deletion = rows.find((row) => row.action === "job.delete")!;
    expect(deletion.before).toMatchObject({ _id: expect.any(String), status: "Pending", network: "XDC Apothem" });
    expect(deletion.before).not.toHaveProperty("user");
    expect(deletion.before).not.toHaveProperty("nodesetting");
    expect(rows.find((row) => row.action === "job.quickUpdate")!.before).toEqual({ status: "Pending" });
  });
});
