import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KEYS } from "../../../scripts/lib/dev-accounts.ts";
import { pli } from "../../../test/chain.ts";
import type { TestApp } from "../../test/app-fixture.ts";
import { startChainApp } from "../../test/chain-app.ts";
import { newOperator } from "../../test/nodes.ts";
import { API, MESSAGES, stakeAmountError, stakeLimitsOf } from "../public-contract/index.ts";

/**
 * The stake minimum and maximum come from the chain (issue 20, point 9): limits changed on the
 * contract directly, not through the portal, are what `GET /api/setting` and the stake rules answer
 * once indexed; saving the settings stores no limits of its own.
 */
let app: Awaited<ReturnType<typeof startChainApp>>;
let t: TestApp;
let admin: string;

const settings = () => t.call("GET", API.setting).then((r) => r.body);
const body = { applicationName: "Portal", multiplyOf: "1000", incentivePercentage: "2.5" };

beforeAll(async () => {
  app = await startChainApp();
  t = app.t;
  admin = await t.adminToken(await t.addAdmin());
  await app.synced();
});
afterAll(() => app?.stop());

describe("stake limits from the chain", () => {
  it("answers the limits the contract was deployed with", async () => {
    expect(await settings()).toMatchObject({ minimumStake: "50000", maximumStake: "1000000", multiplyOf: "1000" });
  });

  it("answers limits changed on the chain outside the portal, and the stake rules apply them", async () => {
    const before = stakeLimitsOf(await settings())!;
    expect(stakeAmountError(pli(850_000), pli(60_000), before)).toBeNull();
    const owner = app.chain.as("owner");
    await app.chain.mined(owner.staking.write.setMaxStakeAmt([pli(900_000)]));
    await app.chain.mined(owner.staking.write.setMinStakeAmt([pli(60_000)]));
    await app.synced();
    const answered = await settings();
    expect(answered).toMatchObject({ minimumStake: "60000", maximumStake: "900000" });
    const limits = stakeLimitsOf(answered)!;
    expect(stakeAmountError(pli(850_000), pli(60_000), limits)).toBe("Maximum Limit Reached");
    expect(stakeAmountError(pli(55_000), 0n, limits)).toBe("Values Must be in greater  than or equal to 60000");
    expect(stakeAmountError(pli(60_000), 0n, limits)).toBeNull();
  });

  it("never stores limits from a settings body: the answer stays the chain's", async () => {
    const saved = await t.call("POST", API.setting, {
      token: admin,
      body: { ...body, minimumStake: "70000", maximumStake: "800000" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ minimumStake: "60000", maximumStake: "900000" });
    expect(await settings()).toMatchObject({ minimumStake: "60000", maximumStake: "900000" });
    const { rows } = await sql<{
      column_name: string;
    }>`SELECT column_name FROM information_schema.columns WHERE table_schema = 'app' AND table_name = 'setting'`.execute(
      t.db,
    );
    expect(rows.map((row) => row.column_name)).not.toEqual(expect.arrayContaining(["minimum_stake"]));
    expect(rows.map((row) => row.column_name)).not.toEqual(expect.arrayContaining(["maximum_stake"]));
  });

  it("refuses a multiple that does not divide the chain's minimum, with a field error", async () => {
    const refused = await t.call("POST", API.setting, { token: admin, body: { ...body, multiplyOf: "7000" } });
    expect(refused).toMatchObject({
      status: 400,
      body: { errors: { multiplyOf: MESSAGES.multipleNotDividingMinimum } },
    });
    expect((await settings()).multiplyOf).toBe("1000");
    expect((await t.call("POST", API.setting, { token: admin, body: { ...body, multiplyOf: "4000" } })).status).toBe(
      200,
    );
  });

  it("records a limit change the settings page sent once it is indexed; an unknown hash is 404, an operator 403", async () => {
    const sent = await app.chain.mined(app.chain.as("owner").staking.write.setMinStakeAmt([pli(80_000)]));
    await app.synced();
    const record = (token: string, tnxHash: string) =>
      t.call("POST", API.settingStakeLimits, { token, body: { tnxHash } });
    expect(await record(admin, sent.transactionHash)).toMatchObject({
      status: 200,
      body: { message: MESSAGES.stakeLimitChangeRecorded },
    });
    expect(await record(admin, `0x${"ab".repeat(32)}`)).toMatchObject({
      status: 404,
      body: { error: MESSAGES.stakeLimitChangeUnknown },
    });
    const operator = await newOperator(t, DEV_KEYS.validator);
    expect((await record(operator.token, sent.transactionHash)).status).toBe(403);
    expect(await settings()).toMatchObject({ minimumStake: "80000" });
  });

  it("refuses to record as the portal's a change already reviewed or mined more than an hour of chain time ago", async () => {
    const owner = app.chain.as("owner");
    const record = (tnxHash: string) => t.call("POST", API.settingStakeLimits, { token: admin, body: { tnxHash } });
    const reviewed = await app.chain.mined(owner.staking.write.setMaxStakeAmt([pli(950_000)]));
    const old = await app.chain.mined(owner.staking.write.setMaxStakeAmt([pli(960_000)]));
    await app.synced();
    const { logIndex } = await t.db
      .selectFrom("chain.stake_limit_change")
      .select("log_index as logIndex")
      .where("tx_hash", "=", reviewed.transactionHash)
      .executeTakeFirstOrThrow();
    const review = { kind: "limitChangeOutsidePortal", tnxHash: reviewed.transactionHash, logIndex, note: "Ours" };
    expect((await t.call("POST", API.uncheckedReview, { token: admin, body: review })).status).toBe(200);
    expect(await record(reviewed.transactionHash)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.stakeLimitChangeNotClaimable },
    });

    await app.chain.testClient.increaseTime({ seconds: 3_601 });
    await app.chain.testClient.mine({ blocks: 1 });
    await app.synced();
    expect(await record(old.transactionHash)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.stakeLimitChangeNotClaimable },
    });
    const portalChanges = await t.db.selectFrom("app.stake_limit_portal_change").select("tx_hash").execute();
    expect(portalChanges.map((row) => row.tx_hash)).not.toEqual(expect.arrayContaining([reviewed.transactionHash]));
    expect(portalChanges.map((row) => row.tx_hash)).not.toEqual(expect.arrayContaining([old.transactionHash]));
    const unchecked = await t.call("GET", `${API.unchecked}?page=1&limit=10&kind=limitChangeOutsidePortal`, {
      token: admin,
    });
    expect(unchecked.body.docs.map((doc: { tnxHash: string }) => doc.tnxHash)).toContain(old.transactionHash);
  });
});
