import { sql } from "kysely";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { freePort } from "../../../scripts/lib/ports.ts";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { API } from "../public-contract/index.ts";
import { serveApi } from "../shared/serve.ts";
import { pliText } from "../shared/pli.ts";
import { pliTextSql } from "./repository.ts";

let t: TestAppWithSmtp;
let admin: string;
let operator: string;
const walletOfOperator = privateKeyToAccount(DEV_KEYS.validator).address.toLowerCase();
const hash = `0x${"ab".repeat(32)}`;

/**
 * Rows the schema's checks would refuse (they are dropped in this test's own database), so the export's cell rules
 * meet every case a spreadsheet or a CSV reader trips on: formula signs, tabs and CRs first, quotes, commas and line
 * breaks inside cells, an empty cell, an empty wallet (its stake id starts with the dash), text beyond ASCII, the largest numeric(78, 0), zero and amounts whose decimals
 * end in zeros.
 */
const TRICKY = [
  {
    wallet: "=cmd|' /C calc'!A0",
    node: "+SUM(1)",
    date: "2027-06-01",
    token: "1234567890".repeat(8).slice(0, 78),
    type: "@x",
    paid: "-2+3",
  },
  { wallet: "\tTAB", node: "\rCR", date: "2027-05-01", token: "0", type: "a,b", paid: 'say "hi", ok' },
  {
    wallet: 'x"y',
    node: "A,B",
    date: "2027-04-01",
    token: "1000000000000000000",
    type: "line\r\nbreak",
    paid: "@\r\nz",
  },
  { wallet: "-", node: "@", date: "2027-03-01", token: "123450000000000000000", type: "", paid: null },
  {
    wallet: walletOfOperator,
    node: "0xnode",
    date: "2027-02-01",
    token: "1250500000000000000000",
    type: "Mönthly ü",
    paid: hash,
  },
  { wallet: "plain", node: "node", date: "2027-01-01", token: "100000000000000000", type: "Monthly", paid: null },
  { wallet: "plain", node: "node", date: "2026-12-01", token: `1${"0".repeat(77)}`, type: "Monthly", paid: null },
  { wallet: "plain", node: "node", date: "2026-11-01", token: "1", type: "=1+1", paid: null },
  { wallet: "", node: "NODE", date: "2026-10-01", token: "20", type: "Monthly", paid: null },
];

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
  await t.addValidator(DEV_KEYS.validator);
  operator = await t.operatorToken(DEV_KEYS.validator);
  await sql`ALTER TABLE app.incentive DROP CONSTRAINT incentive_wallet_check, DROP CONSTRAINT incentive_node_check,
    DROP CONSTRAINT incentive_type_check, DROP CONSTRAINT incentive_paid_tx_check, DROP CONSTRAINT incentive_key`.execute(
    t.db,
  );
  await t.db
    .insertInto("app.incentive")
    .values(
      TRICKY.map((row) => ({
        wallet: row.wallet,
        node: row.node,
        date: row.date,
        token: row.token,
        type: row.type as "Monthly",
        inactive_count: 0,
        staked_days: 30,
        accrued_days: 30,
        percentage: "2.5",
        paid_tx: row.paid,
        paid_at: row.paid === null ? null : new Date("2027-07-04T23:30:00Z"),
        paid_amount: row.paid === null ? null : row.token,
        paid_block: row.paid === null ? null : 7n,
        created_at: new Date(`${row.date}T00:30:00+02:00`),
      })),
    )
    .execute();
});
afterAll(() => t?.close());

/** What the export wrote for TRICKY, newest date first (its own run's bytes, before the export moved into COPY). */
const LINES = [
  "'=cmd|' /C calc'!A0,'=cmd|' /c calc'!a0-+sum(1),Paid,123456789012345678901234567890123456789012345678901234567890.123456789012345678,'@x,'-2+3,04-07-2027,31-05-2027\r\n",
  '\'\tTAB,"\'\ttab-\rcr",Paid,0,"a,b","say ""hi"", ok",04-07-2027,30-04-2027\r\n',
  '"x""y","x""y-a,b",Paid,1,"line\r\nbreak","\'@\r\nz",04-07-2027,31-03-2027\r\n',
  "'-,'--@,UnPaid,123.45,,,,28-02-2027\r\n",
  `${walletOfOperator},${walletOfOperator}-0xnode,Paid,1250.5,Mönthly ü,${hash},04-07-2027,31-01-2027\r\n`,
  "plain,plain-node,UnPaid,0.1,Monthly,,,31-12-2026\r\n",
  "plain,plain-node,UnPaid,100000000000000000000000000000000000000000000000000000000000,Monthly,,,30-11-2026\r\n",
  "plain,plain-node,UnPaid,0.000000000000000001,'=1+1,,,31-10-2026\r\n",
  ",'-node,UnPaid,0.00000000000000002,Monthly,,,30-09-2026\r\n",
];
const HEADER = "Wallet Address,Stake Id,Status,Token (PLI),Type,Txn Hash,Paid Date,Created At\r\n";

describe("the incentive export's bytes", () => {
  it("writes tricky rows byte for byte as the export always has", async () => {
    const response = await t.call("GET", API.incentive.export, { token: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="incentivelist.csv"');
    expect(response.body).toBe(HEADER + LINES.join(""));
  });

  it("served by Node, writes the same bytes and headers from the connection's buffers", async () => {
    const port = await freePort();
    const server = serveApi(t.app.fetch, { port, hostname: "127.0.0.1" });
    try {
      const response = await fetch(`http://127.0.0.1:${port}${API.incentive.export}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      const inApp = await t.call("GET", API.incentive.export, { token: admin });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(HEADER + LINES.join(""));
      for (const name of ["content-type", "content-disposition", "content-security-policy", "x-content-type-options"])
        expect(response.headers.get(name), name).toBe(inApp.headers.get(name) ?? "missing in the app's answer");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("keeps the list's filters: an operator's own rows, a status, a 0x prefix", async () => {
    const exported = async (token: string, q = "") =>
      (await t.call("GET", `${API.incentive.export}${q ? `?q=${q}` : ""}`, { token })).body;
    expect(await exported(operator)).toBe(HEADER + LINES[4]);
    expect(await exported(operator, "unpaid")).toBe(HEADER);
    expect(await exported(admin, "unpaid")).toBe(HEADER + [3, 5, 6, 7, 8].map((n) => LINES[n]).join(""));
    expect(await exported(admin, hash.slice(0, 10))).toBe(HEADER + LINES[4]);
    expect(await exported(admin, "nothing")).toBe(HEADER);
  });

  it("keeps the list's status chip, alone and with a search, and refuses a status the list does not have", async () => {
    const exported = async (query: string) => t.call("GET", `${API.incentive.export}?${query}`, { token: admin });
    expect((await exported("status=UnPaid")).body).toBe(HEADER + [3, 5, 6, 7, 8].map((n) => LINES[n]).join(""));
    expect((await exported("status=Paid")).body).toBe(HEADER + [0, 1, 2, 4].map((n) => LINES[n]).join(""));
    expect((await exported(`status=Paid&q=${hash.slice(0, 10)}`)).body).toBe(HEADER + LINES[4]);
    expect((await exported("status=Paid&q=unpaid")).body).toBe(HEADER);
    const refused = await exported("status=Pending");
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("status must be one of Paid, UnPaid, due");
  });

  it("writes every amount in PLI as pliText does, on every length up to numeric(78, 0) and with zeros inside", async () => {
    let seed = 7;
    const digit = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % 10;
    const amounts = ["0"];
    for (let length = 1; length <= 78; length++)
      for (let n = 0; n < 6; n++) {
        let wei = String(1 + (digit() % 9));
        for (let i = 1; i < length; i++) wei += n % 3 === 0 && i > length / 2 ? "0" : String(digit());
        amounts.push(wei);
      }
    const { rows } = await sql<{
      wei: string;
      pli: string;
    }>`SELECT a.wei, ${pliTextSql(sql`a.wei::numeric(78, 0)`)} AS pli
      FROM unnest(${amounts}::text[]) AS a(wei)`.execute(t.db);
    expect(rows).toHaveLength(amounts.length);
    for (const { wei, pli } of rows) expect(pli, wei).toBe(pliText(BigInt(wei)));
  });
});
