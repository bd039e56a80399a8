import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, PUBLIC_URL, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { categoryId, nodeWithStatus, operatorWithActiveNode, submitJob } from "../../test/jobs.ts";
import { newOperator, registerNode } from "../../test/nodes.ts";
import { SoftwareAuthenticator } from "../../test/webauthn.ts";
import { provisionAdmin, resetSecondFactor } from "../admin/index.ts";
import { API, NODE_STATUS, TICKET_STATUS } from "../public-contract/index.ts";
import { recordAudit } from "./repository.ts";

let t: TestAppWithSmtp;
let admin: Awaited<ReturnType<TestAppWithSmtp["addAdmin"]>>;
let token: string;
const ADMIN_IP = "203.0.113.7";
const PASSWORD = "correct horse battery";

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.addAdmin(undefined, PASSWORD);
  token = await t.adminToken(admin);
});
afterAll(() => t?.close());

const asAdmin = (url: string, body?: unknown) => t.call("POST", url, { token, body, ip: ADMIN_IP });

const recordIds = async () =>
  new Set((await t.db.selectFrom("app.audit_record").select("id").execute()).map((row) => row.id));

/** The audit records an action added: runs it, and answers its response and the records that are new since. */
async function recorded(act: () => Promise<{ status: number; body: unknown }>) {
  const before = await recordIds();
  const response = await act();
  const rows = await t.db.selectFrom("app.audit_record").selectAll().execute();
  return { response, added: rows.filter((row) => !before.has(row.id)) };
}

interface Expected {
  status: number;
  action: string;
  recordType: string;
  recordId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Runs an admin action and checks it left exactly one record, of the admin at their client address. */
async function expectOneRecord(act: () => Promise<{ status: number; body: unknown }>, expected: Expected) {
  const { response, added } = await recorded(act);
  expect(response.status, JSON.stringify(response.body)).toBe(expected.status);
  expect(added).toHaveLength(1);
  const [row] = added;
  expect(row).toMatchObject({
    admin_id: admin.id,
    client_address: ADMIN_IP,
    action: expected.action,
    record_type: expected.recordType,
    tx_hash: null,
  });
  if (expected.recordId !== undefined) expect(row!.record_id).toBe(expected.recordId);
  if (expected.before !== undefined) expect(row!.before).toEqual(expected.before);
  if (expected.after !== undefined) expect(row!.after).toEqual(expected.after);
  return row!;
}

describe("the audit trail's table", () => {
  it("refuses UPDATE, DELETE and TRUNCATE by its trigger even to the server's superuser, with no row to change (the API's role is refused them by its grants: db/roles.db.test.ts)", async () => {
    await recordAudit(t.db, {
      by: { adminId: admin.id, clientAddress: ADMIN_IP },
      action: "invite.add",
      recordType: "invite",
      recordId: null,
      after: { email: "kept@example.com" },
    });
    const count = async () =>
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM app.audit_record`.execute(t.db)).rows[0]!.n);
    const before = await count();
    for (const statement of [
      sql`UPDATE app.audit_record SET action = 'invite.remove'`,
      sql`UPDATE app.audit_record SET action = 'invite.remove' WHERE false`,
      sql`DELETE FROM app.audit_record`,
      sql`DELETE FROM app.audit_record WHERE false`,
      sql`TRUNCATE app.audit_record`,
    ])
      await expect(statement.execute(t.db)).rejects.toThrow(/append-only/);
    expect(await count()).toBe(before);
  });

  it("keeps no record of an action whose transaction rolls back", async () => {
    const { added } = await recorded(async () => {
      await t.db
        .transaction()
        .execute(async (tx) => {
          await recordAudit(tx, {
            by: { adminId: admin.id, clientAddress: ADMIN_IP },
            action: "invite.add",
            recordType: "invite",
            recordId: null,
          });
          throw new Error("the action failed after recording");
        })
        .catch(() => undefined);
      return { status: 0, body: null };
    });
    expect(added).toEqual([]);
  });

  it("never stores a secret in before or after", async () => {
    const { added } = await recorded(async () => {
      await recordAudit(t.db, {
        by: { adminId: admin.id, clientAddress: ADMIN_IP },
        action: "admin.password",
        recordType: "admin",
        recordId: admin.id,
        before: { password_hash: "$argon2id$x", totp_secret: "JBSWY3DP", nested: { publicKey: "pk", name: "Key" } },
        after: { token: "eyJ", code: "123456", name: "Admin" },
      });
      return { status: 0, body: null };
    });
    expect(added[0]).toMatchObject({ before: { nested: { name: "Key" } }, after: { name: "Admin" } });
  });
});

describe("every admin action leaves exactly one record", () => {
  it("node review, Make De-Active and deletion", async () => {
    const operator = await newOperator(t);
    const { id } = await registerNode(t, operator.token, 901);
    await expectOneRecord(
      () => asAdmin(API.node.edit, { _id: id, status: NODE_STATUS.return, adminNotes: "Fix the IP" }),
      {
        status: 200,
        action: "node.review",
        recordType: "node",
        recordId: id,
        before: { status: NODE_STATUS.pending, adminNotes: "" },
        after: { status: NODE_STATUS.return, adminNotes: "Fix the IP" },
      },
    );
    const stored = await t.db.selectFrom("app.node").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    await expectOneRecord(() => asAdmin(API.node.delete, { id }), {
      status: 200,
      action: "node.delete",
      recordType: "node",
      recordId: id,
      before: {
        status: NODE_STATUS.return,
        adminNotes: "Fix the IP",
        name: stored.name,
        ipaddress: stored.ipaddress,
        walletAddress: stored.wallet_address,
        nodeAddress: stored.node_address,
        oracleAddress: stored.oracle_address,
        operatorId: stored.operator_id,
        jobIds: [],
      },
      after: null,
    });
    const active = await nodeWithStatus(t, operator.token, NODE_STATUS.active);
    await expectOneRecord(() => asAdmin(API.node.deactivate, { _id: active, status: NODE_STATUS.deActive }), {
      status: 200,
      action: "node.toggle",
      recordType: "node",
      recordId: active,
      before: { status: NODE_STATUS.active, adminNotes: "" },
      after: { status: NODE_STATUS.deActive, adminNotes: "" },
    });
  });

  it("stake request status change and deletion", async () => {
    const operator = await operatorWithActiveNode(t);
    const created = await t.call("POST", API.stakeRequest.root, {
      token: operator.token,
      body: { nodeId: operator.nodeId },
    });
    expect(created.status).toBe(201);
    const id: string = created.body.data._id;
    await expectOneRecord(() => asAdmin(API.stakeRequest.updateStatus, { _id: id, status: "Verified" }), {
      status: 200,
      action: "stakeRequest.status",
      recordType: "stakeRequest",
      recordId: id,
      before: { status: "Pending" },
      after: { status: "Verified" },
    });
    await expectOneRecord(() => asAdmin(API.stakeRequest.delete, { id }), {
      status: 200,
      action: "stakeRequest.delete",
      recordType: "stakeRequest",
      recordId: id,
      before: { status: "Verified", nodeId: operator.nodeId },
      after: null,
    });
  });

  it("incentive deletion", async () => {
    const { id } = await t.db
      .insertInto("app.incentive")
      .values({
        wallet: `0x${"a1".repeat(20)}`,
        node: `0x${"b2".repeat(20)}`,
        date: "2026-10-01",
        token: 5n * 10n ** 18n,
        inactive_count: 0,
        staked_days: 30,
        accrued_days: 30,
        percentage: "2.5",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await expectOneRecord(() => asAdmin(API.incentive.delete, { id }), {
      status: 200,
      action: "incentive.delete",
      recordType: "incentive",
      recordId: id,
      after: null,
    });
  });

  it("settings change, with the settings before and after", async () => {
    const body = { applicationName: "Audited Portal", multiplyOf: "1000", incentivePercentage: "3" };
    const row = await expectOneRecord(() => asAdmin(API.setting, body), {
      status: 200,
      action: "setting.update",
      recordType: "setting",
    });
    expect(row.after).toMatchObject({
      applicationName: "Audited Portal",
      multiplyOf: "1000",
      incentivePercentage: "3",
    });
    expect(row.before).toMatchObject({ incentivePercentage: expect.any(String) });
  });

  it("job edit, quick update and deletion, and category add, rename and removal", async () => {
    const operator = await operatorWithActiveNode(t);
    const jobId = await submitJob(t, operator);
    await expectOneRecord(() => asAdmin(API.job.edit, { _id: jobId, name: "Renamed by admin" }), {
      status: 200,
      action: "job.edit",
      recordType: "job",
      recordId: jobId,
      after: { name: "Renamed by admin" },
    });
    await expectOneRecord(() => asAdmin(API.job.edit, { _id: jobId, status: "Approved", adminNotes: "Fine" }), {
      status: 200,
      action: "job.quickUpdate",
      recordType: "job",
      recordId: jobId,
      before: { status: "Pending", adminNotes: "" },
      after: { status: "Approved", adminNotes: "Fine" },
    });
    await expectOneRecord(() => asAdmin(API.job.delete, { id: jobId }), {
      status: 200,
      action: "job.delete",
      recordType: "job",
      recordId: jobId,
      after: null,
    });

    const added = await expectOneRecord(() => asAdmin(API.jobCategory.root, { categoryName: "Audited Feeds" }), {
      status: 201,
      action: "jobCategory.add",
      recordType: "jobCategory",
      before: null,
      after: { categoryName: "Audited Feeds" },
    });
    const id = added.record_id!;
    expect(id).toBe(await categoryId(t, "Audited Feeds"));
    await expectOneRecord(() => asAdmin(API.jobCategory.edit, { _id: id, categoryName: "Audited Indexes" }), {
      status: 200,
      action: "jobCategory.rename",
      recordType: "jobCategory",
      recordId: id,
      before: { categoryName: "Audited Feeds" },
      after: { categoryName: "Audited Indexes" },
    });
    await expectOneRecord(() => asAdmin(API.jobCategory.delete, { id }), {
      status: 200,
      action: "jobCategory.delete",
      recordType: "jobCategory",
      recordId: id,
      before: { categoryName: "Audited Indexes" },
      after: null,
    });
  });

  it("operator disable and enable, and invite add and removal", async () => {
    const operator = await newOperator(t);
    const me = await t.call("GET", API.operator.root, { token: operator.token });
    const id: string = me.body._id;
    await expectOneRecord(() => asAdmin(API.operator.access, { _id: id, enabled: false }), {
      status: 200,
      action: "operator.disable",
      recordType: "operator",
      recordId: id,
      before: { disabled: false },
      after: { disabled: true },
    });
    await expectOneRecord(() => asAdmin(API.operator.access, { _id: id, enabled: true }), {
      status: 200,
      action: "operator.enable",
      recordType: "operator",
      recordId: id,
      before: { disabled: true },
      after: { disabled: false },
    });

    const invite = await expectOneRecord(() => asAdmin(API.invite.root, { email: "audited@example.com" }), {
      status: 201,
      action: "invite.add",
      recordType: "invite",
      before: null,
      after: { email: "audited@example.com" },
    });
    await expectOneRecord(() => asAdmin(API.invite.delete, { id: invite.record_id }), {
      status: 200,
      action: "invite.remove",
      recordType: "invite",
      recordId: invite.record_id,
      before: { email: "audited@example.com" },
      after: null,
    });
  });

  it("closing a ticket", async () => {
    const operator = await newOperator(t);
    const opened = await t.call("POST", API.ticket.root, {
      token: operator.token,
      body: { subject: "Stake", message: "Please help." },
    });
    const id: string = opened.body.data._id;
    await expectOneRecord(() => asAdmin(API.ticket.close, { _id: id }), {
      status: 200,
      action: "ticket.close",
      recordType: "ticket",
      recordId: id,
      before: { status: opened.body.data.status },
      after: { status: TICKET_STATUS.closed },
    });
    const { response, added } = await recorded(() => asAdmin(API.ticket.close, { _id: id }));
    expect(response.status).toBe(409);
    expect(added).toEqual([]);
  });

  it("passkey add, rename and deletion, the emailed-code switch, and the password change", async () => {
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    const options = await asAdmin(API.passkey.registerOptions, { password: PASSWORD });
    const added = await expectOneRecord(
      () => asAdmin(API.passkey.register, { name: "Laptop", response: authenticator.create(options.body.options) }),
      { status: 201, action: "passkey.add", recordType: "passkey", before: null, after: { name: "Laptop" } },
    );
    const id = added.record_id!;
    await expectOneRecord(() => asAdmin(API.passkey.rename, { _id: id, name: "Work laptop" }), {
      status: 200,
      action: "passkey.rename",
      recordType: "passkey",
      recordId: id,
      before: { name: "Laptop" },
      after: { name: "Work laptop" },
    });
    await expectOneRecord(() => asAdmin(API.passkey.fallback, { enabled: false, password: PASSWORD }), {
      status: 200,
      action: "secondFactor.emailCode",
      recordType: "admin",
      recordId: admin.id,
      before: { emailCodeFallback: true },
      after: { emailCodeFallback: false },
    });
    await expectOneRecord(() => asAdmin(API.passkey.fallback, { enabled: true, password: PASSWORD }), {
      status: 200,
      action: "secondFactor.emailCode",
      recordType: "admin",
      recordId: admin.id,
      before: { emailCodeFallback: false },
      after: { emailCodeFallback: true },
    });
    let renewed = token;
    await expectOneRecord(
      async () => {
        const deleted = await asAdmin(API.passkey.delete, { id, password: PASSWORD });
        renewed = deleted.body.token;
        return deleted;
      },
      {
        status: 200,
        action: "passkey.delete",
        recordType: "passkey",
        recordId: id,
        before: { name: "Work laptop" },
        after: null,
      },
    );
    token = renewed;

    const newPassword = "another horse battery";
    await expectOneRecord(
      () => asAdmin(API.admin.update, { currentPassword: PASSWORD, password: newPassword, password2: newPassword }),
      { status: 200, action: "admin.password", recordType: "admin", recordId: admin.id, before: null, after: null },
    );
    token = await t.adminToken({ email: admin.email, password: newPassword });
    admin = { ...admin, password: newPassword };
  });

  it("the admin:create and admin:reset-second-factor scripts, with no admin and the client address 'cli'", async () => {
    const created = await recorded(async () => {
      await provisionAdmin(t.db, { email: "cli-admin@example.com", name: "CLI Admin" });
      return { status: 0, body: null };
    });
    expect(created.added).toHaveLength(1);
    const createdId = created.added[0]!.record_id;
    expect(created.added[0]).toMatchObject({
      admin_id: null,
      client_address: "cli",
      action: "admin.create",
      record_type: "admin",
      after: { email: "cli-admin@example.com", name: "CLI Admin" },
    });
    const reset = await recorded(async () => {
      await resetSecondFactor(t.db, "cli-admin@example.com");
      return { status: 0, body: null };
    });
    expect(reset.added).toHaveLength(1);
    expect(reset.added[0]).toMatchObject({
      admin_id: null,
      client_address: "cli",
      action: "secondFactor.reset",
      record_type: "admin",
      record_id: createdId,
      after: { passkeys: [], emailCodeFallback: true },
    });
  });
});

describe("a refused admin action", () => {
  it("leaves no record", async () => {
    const operator = await operatorWithActiveNode(t);
    const request = await t.call("POST", API.stakeRequest.root, {
      token: operator.token,
      body: { nodeId: operator.nodeId },
    });
    await submitJob(t, operator);
    const unknown = "00000000-0000-4000-8000-000000000000";
    const refused: [string, unknown, number][] = [
      [API.node.edit, { _id: unknown, status: NODE_STATUS.verified }, 404],
      [API.node.delete, { id: unknown }, 404],
      [API.stakeRequest.updateStatus, { _id: request.body.data._id, status: "Approved" }, 409],
      [API.stakeRequest.delete, { id: unknown }, 404],
      [API.incentive.delete, { id: unknown }, 404],
      [API.setting, { applicationName: "", multiplyOf: "1000", incentivePercentage: "3" }, 400],
      [API.job.delete, { id: unknown }, 404],
      [API.jobCategory.root, { categoryName: "Price Feed" }, 400],
      [API.jobCategory.delete, { id: await categoryId(t) }, 409],
      [API.operator.access, { _id: unknown, enabled: false }, 404],
      [API.invite.delete, { id: unknown }, 404],
      [API.passkey.rename, { _id: unknown, name: "Key" }, 404],
      [API.passkey.fallback, { enabled: false, password: admin.password }, 409],
      [
        API.admin.update,
        { currentPassword: "wrong horse battery", password: "x".repeat(12), password2: "x".repeat(12) },
        400,
      ],
    ];
    for (const [url, body, status] of refused) {
      const { response, added } = await recorded(() => asAdmin(url, body));
      expect(response.status, `${url} ${JSON.stringify(response.body)}`).toBe(status);
      expect(added, url).toEqual([]);
    }
  });
});
