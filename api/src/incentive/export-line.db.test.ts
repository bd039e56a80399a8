import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { API } from "../public-contract/index.ts";

let t: TestAppWithSmtp;
let admin: string;
const wallet = `0x${"a1".repeat(20)}`;
const node = `0x${"b2".repeat(20)}`;
const hash = `0x${"c3".repeat(32)}`;
const HEADER = "Wallet Address,Stake Id,Status,Token (PLI),Type,Txn Hash,Paid Date,Created At\r\n";

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await t.adminToken(await t.addAdmin());
  await t.db
    .insertInto("app.incentive")
    .values({
      wallet,
      node,
      date: "2027-03-01",
      token: "1250500000000000000000",
      inactive_count: 0,
      staked_days: 28,
      accrued_days: 28,
      percentage: "2.5",
      created_at: new Date("2027-03-01T00:10:00Z"),
    })
    .execute();
});
afterAll(() => t?.close());

const exported = async () => (await t.call("GET", API.incentive.export, { token: admin })).body;

describe("the incentive export after a row changes", () => {
  it("writes the row as it is now: paid another amount (as the payment matcher sets it), its token changed, unpaid again", async () => {
    expect(await exported()).toBe(`${HEADER}${wallet},${wallet}-${node},UnPaid,1250.5,Monthly,,,01-03-2027\r\n`);

    await t.db
      .updateTable("app.incentive")
      .set({
        paid_tx: hash,
        paid_at: new Date("2027-03-04T23:30:00Z"),
        paid_amount: "1200000000000000000001",
        paid_block: 9n,
      })
      .where("wallet", "=", wallet)
      .execute();
    expect(await exported()).toBe(
      `${HEADER}${wallet},${wallet}-${node},Paid,1200.000000000000000001,Monthly,${hash},04-03-2027,01-03-2027\r\n`,
    );

    await sql`UPDATE app.incentive SET token = 7000000000000000 WHERE wallet = ${wallet}`.execute(t.db);
    expect(await exported()).toBe(
      `${HEADER}${wallet},${wallet}-${node},Paid,1200.000000000000000001,Monthly,${hash},04-03-2027,01-03-2027\r\n`,
    );

    await t.db
      .updateTable("app.incentive")
      .set({ paid_tx: null, paid_at: null, paid_amount: null, paid_block: null })
      .where("wallet", "=", wallet)
      .execute();
    expect(await exported()).toBe(`${HEADER}${wallet},${wallet}-${node},UnPaid,0.007,Monthly,,,01-03-2027\r\n`);
  });
});
