import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYST_TEST_PASSWORD, connectAsAnalyst } from "../../../test/analyst.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { newOperator } from "../../test/nodes.ts";
import { applyAnalystAccess } from "../db/analyst-access.ts";
import { API, AUDIT_MESSAGES } from "../public-contract/index.ts";

let t: TestAppWithSmtp;
let first: { id: string; email: string; token: string };
let second: { id: string; email: string; token: string };
let operatorToken: string;

const signedInAdmin = async () => {
  const admin = await t.addAdmin();
  return { id: admin.id, email: admin.email, token: await t.adminToken(admin) };
};

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  first = await signedInAdmin();
  second = await signedInAdmin();
  operatorToken = (await newOperator(t)).token;
  for (const email of ["one@example.com", "two@example.com", "three@example.com"])
    await t.call("POST", API.invite.root, { token: first.token, body: { email }, ip: "198.51.100.1" });
  await t.call("POST", API.jobCategory.root, {
    token: second.token,
    body: { categoryName: "Listed Feeds" },
    ip: "198.51.100.2",
  });
});
afterAll(() => t?.close());

const list = (query: string, token = first.token) => t.call("GET", `${API.audit.root}?${query}`, { token });

describe("GET /api/audit", () => {
  it("answers a page of records, newest first, in the usual pager shape", async () => {
    const page = await list("page=1&limit=2");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ totalDocs: 4, page: 1, limit: 2, totalPages: 2 });
    expect(page.body.docs.map((doc: { action: string }) => doc.action)).toEqual(["jobCategory.add", "invite.add"]);
    expect(page.body.docs[0]).toMatchObject({
      adminId: second.id,
      clientAddress: "198.51.100.2",
      recordType: "jobCategory",
      before: null,
      after: { categoryName: "Listed Feeds" },
      txHash: null,
    });
    expect((await list("page=2&limit=2")).body.docs.map((doc: { after: unknown }) => doc.after)).toEqual([
      { email: "two@example.com" },
      { email: "one@example.com" },
    ]);
  });

  it("filters by admin, action, record and date range", async () => {
    expect((await list(`adminId=${second.id}`)).body.totalDocs).toBe(1);
    expect((await list("action=invite.add")).body.totalDocs).toBe(3);
    const category = (await list("recordType=jobCategory")).body.docs[0];
    expect((await list(`recordType=jobCategory&recordId=${category.recordId}`)).body.totalDocs).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).body.totalDocs).toBe(4);
    expect((await list("to=2020-01-01")).body.totalDocs).toBe(0);
    expect((await list(`from=${category.occurredAt}`)).body.totalDocs).toBe(1);
  });

  it("refuses bad filters with field errors", async () => {
    const response = await list("action=everything&from=yesterday&recordType=planet");
    expect(response.status).toBe(400);
    expect(response.body.errors).toMatchObject({
      action: AUDIT_MESSAGES.auditUnknownAction,
      recordType: AUDIT_MESSAGES.auditUnknownRecordType,
      from: AUDIT_MESSAGES.auditBadDate,
    });
    const reversed = await list("from=2026-02-01&to=2026-01-01");
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual({ to: AUDIT_MESSAGES.auditRangeReversed });
  });

  it("is for admins only: an operator gets 403 on the list and the export, a visitor 401", async () => {
    expect((await list("", operatorToken)).status).toBe(403);
    expect((await t.call("GET", API.audit.export, { token: operatorToken })).status).toBe(403);
    expect((await t.call("GET", API.audit.root)).status).toBe(401);
  });
});

describe("GET /api/audit/admins", () => {
  it("lists every admin by email with the id the list filters by, for admins only", async () => {
    const response = await t.call("GET", API.audit.admins, { token: first.token });
    expect(response.status).toBe(200);
    const admins = response.body as { _id: string; email: string }[];
    expect(admins).toEqual(
      expect.arrayContaining([
        { _id: first.id, email: first.email },
        { _id: second.id, email: second.email },
      ]),
    );
    expect(admins.map((admin) => admin.email)).toEqual(admins.map((admin) => admin.email).sort());
    const secondsRecords = (await list(`adminId=${admins.find((admin) => admin.email === second.email)!._id}`)).body;
    expect(secondsRecords.docs.map((doc: { adminEmail: string }) => doc.adminEmail)).toEqual([second.email]);
    expect((await t.call("GET", API.audit.admins, { token: operatorToken })).status).toBe(403);
    expect((await t.call("GET", API.audit.admins)).status).toBe(401);
  });
});

describe("GET /api/audit/export", () => {
  it("answers the list's records of the same filters as CSV", async () => {
    const response = await t.call("GET", `${API.audit.export}?action=invite.add`, { token: first.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const lines = (response.body as string).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Date,Admin Id,Admin Email,Client Address,Action,Record Type,Record Id,Before,After,Txn Hash",
    );
    const docs = (await list("action=invite.add")).body.docs as {
      occurredAt: string;
      adminId: string;
      recordId: string;
    }[];
    expect(lines).toHaveLength(docs.length + 1);
    docs.forEach((doc, i) => {
      const line = lines[i + 1]!;
      expect(line.startsWith(`${doc.occurredAt},${doc.adminId},`)).toBe(true);
      expect(line).toContain(`,198.51.100.1,invite.add,invite,${doc.recordId},,`);
    });
    expect(lines[1]).toContain('"{""email"":""three@example.com""}"');
  });
});

describe("analytics.audit_records", () => {
  it("lets the analyst read the records without client addresses or emails", async () => {
    await applyAnalystAccess(t.db, ANALYST_TEST_PASSWORD);
    const analyst = await connectAsAnalyst(t.config.DATABASE_URL);
    try {
      const { rows, fields } = await analyst.query(
        "SELECT * FROM analytics.audit_records WHERE action = 'invite.add' ORDER BY occurred_at",
      );
      expect(rows).toHaveLength(3);
      expect(fields.map((field) => field.name)).not.toContain("client_address");
      expect(rows[0]).toMatchObject({ admin_id: first.id, action: "invite.add", record_type: "invite", after: {} });
    } finally {
      await analyst.end();
    }
  });
});
