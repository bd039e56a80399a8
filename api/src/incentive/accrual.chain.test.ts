import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/ports.ts";
import { pli } from "../../../test/chain.ts";
import type { TestApp } from "../../test/app-fixture.ts";
import { startChainApp } from "../../test/chain-app.ts";
import { runNpm, runScript } from "../../test/cli.ts";
import {
  adminAndTwoOperators,
  approvedNode,
  atChainTime,
  chainPast,
  closeServer,
  nodeStandIn,
} from "../../test/incentives.ts";
import { newOperator } from "../../test/nodes.ts";
import { API, INCENTIVE_STATUS } from "../public-contract/index.ts";
import { runProbeRound, type ProbeSettings } from "../node-monitor/index.ts";
import { accrueIncentives, incentiveAccrualJob } from "./accrual.ts";

/**
 * The monthly accrual over simulated months on a real chain: stakes, a top-up and an unlock sent to
 * anvil at chosen block times and indexed by Ponder, inactive days found by the node monitor probing
 * stand-ins on loopback addresses at chosen times, and the accrual run at chosen dates.
 */

let app: Awaited<ReturnType<typeof startChainApp>>;
let t: TestApp;
let admin: string;
let a: Awaited<ReturnType<typeof newOperator>>;
let b: Awaited<ReturnType<typeof newOperator>>;
let nodeOfA: Awaited<ReturnType<typeof approvedNode>>;
let nodeOfB: Awaited<ReturnType<typeof approvedNode>>;
let probe: ProbeSettings;
let server: Server;
/** Days on which A's node does not answer the monitor. */
const downDays = new Set(["2027-02-03", "2027-02-04"]);
let today = "";

const DAY_MS = 86_400_000;
const day = (iso: string, offset: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
/** The token of a month, computed by hand: the sum of each earning day's stake x percent / 100 / days, rounded down. */
const token = (stakeDays: bigint, days: number, percent = 25n, scale = 10n) =>
  ((stakeDays * percent) / (scale * 100n * BigInt(days))).toString();
const deps = () => ({ db: t.db, chain: app.chain.publicClient });
const rows = () =>
  t.db
    .selectFrom("app.incentive")
    .select([
      "wallet",
      "node",
      "token",
      "inactive_count",
      "staked_days",
      "accrued_days",
      "percentage",
      "type",
      "status",
    ])
    .select((eb) => eb.cast<string>("date", "text").as("date"))
    .orderBy("date")
    .orderBy("wallet")
    .execute();

beforeAll(async () => {
  app = await startChainApp();
  ({ t } = app);
  ({ admin, a, b } = await adminAndTwoOperators(app));
  const port = await freePort();
  probe = { port, path: "/", timeoutMs: 300 };
  server = await nodeStandIn("127.0.0.21", port, () => !downDays.has(today));
  nodeOfA = await approvedNode(app, admin, a, 1, { ipaddress: "127.0.0.21" });
  nodeOfB = await approvedNode(app, admin, b, 2, { ipaddress: "127.0.0.22" });
});
afterAll(async () => {
  if (server) await closeServer(server);
  await app?.stop();
});

describe("monthly accrual over simulated months", () => {
  it("waits while the indexer has not indexed the month's end, then accrues January from each stake's day", async () => {
    await atChainTime(app, "2027-01-10T12:00:00");
    await app.chain.mined(app.chain.as("validator").staking.write.stakeTokens([pli(100_000), nodeOfA.node]));
    await atChainTime(app, "2027-01-20T12:00:00");
    await app.chain.mined(app.chain.as("standby").staking.write.stakeTokens([pli(50_000), nodeOfB.node]));
    await app.synced();

    expect(await accrueIncentives({ db: t.db }, new Date("2027-02-01T00:00:00Z"))).toEqual({
      accrued: [],
      waiting: "the indexer has not indexed the chain up to the end of 2027-01 yet",
    });
    expect(await accrueIncentives(deps(), new Date("2027-01-31T23:59:59Z"))).toEqual({ accrued: [], waiting: null });
    expect(await rows()).toEqual([]);
    expect(
      await accrueIncentives(deps(), new Date("2027-02-01T00:00:00Z")),
      "January has not ended on the chain",
    ).toEqual({
      accrued: [],
      waiting: "the indexer has not indexed the chain up to the end of 2027-01 yet",
    });

    await chainPast(app, "2027-02-01T00:00:00");

    expect(await accrueIncentives(deps(), new Date("2027-02-01T00:00:00Z"))).toEqual({
      accrued: [{ month: "2027-01", positions: 2, inserted: 2 }],
      waiting: null,
    });
    expect(await rows()).toEqual(
      [
        {
          wallet: a.wallet,
          node: nodeOfA.nodeKey,
          date: "2027-02-01",
          token: token(22n * pli(100_000), 31),
          inactive_count: 0,
          staked_days: 22,
          accrued_days: 22,
          percentage: "2.500",
          type: "Monthly",
          status: INCENTIVE_STATUS.unPaid,
        },
        {
          wallet: b.wallet,
          node: nodeOfB.nodeKey,
          date: "2027-02-01",
          token: token(12n * pli(50_000), 31),
          inactive_count: 0,
          staked_days: 12,
          accrued_days: 12,
          percentage: "2.500",
          type: "Monthly",
          status: INCENTIVE_STATUS.unPaid,
        },
      ].sort((x, y) => x.wallet.localeCompare(y.wallet)),
    );
  });

  it("is idempotent: running again, from the job or the command line, adds nothing", async () => {
    const before = await rows();
    expect(await accrueIncentives(deps(), new Date("2027-02-01T00:00:00Z"))).toEqual({ accrued: [], waiting: null });
    await incentiveAccrualJob(deps(), () => new Date("2027-02-20T00:00:00Z")).run();
    const cli = await runNpm(["incentives:accrue", "--", "--until", "2027-02-28"], {
      DATABASE_URL: t.config.DATABASE_URL,
      RPC_URL: t.config.RPC_URL,
    });
    expect(cli.stdout).toContain("Nothing to accrue until 2027-02-28");
    expect(await rows()).toEqual(before);
    const total = await t.db
      .selectFrom("app.incentive_status_count")
      .select(["status", "count", "token"])
      .orderBy("status")
      .execute();
    expect(total).toEqual([
      { status: INCENTIVE_STATUS.paid, count: 0n, token: "0" },
      {
        status: INCENTIVE_STATUS.unPaid,
        count: 2n,
        token: (BigInt(before[0]!.token) + BigInt(before[1]!.token)).toString(),
      },
    ]);
  });

  it("February: a top-up counts from its day; the monitor's inactive days earn nothing; a node down every day gets a row of 0", async () => {
    await atChainTime(app, "2027-02-15T12:00:00");
    await app.chain.mined(app.chain.as("validator").staking.write.topupStake([pli(20_000), nodeOfA.node]));
    await app.synced();
    // The monitor's last round is on 28 February: no round after the month's end judges that day, the accrual does.
    for (let i = 0; i < 28; i++) {
      today = day("2027-02-01", i);
      for (const hour of ["06", "18"]) await runProbeRound(t.db, probe, new Date(`${today}T${hour}:00:00Z`));
    }
    const inactive = await t.call("POST", API.node.inactiveDates, {
      token: a.token,
      body: { nodeSettingID: nodeOfA.id },
    });
    expect(inactive.status).toBe(200);

    await chainPast(app, "2027-03-01T00:00:00");
    expect(await accrueIncentives(deps(), new Date("2027-03-01T00:00:00Z"))).toEqual({
      accrued: [{ month: "2027-02", positions: 2, inserted: 2 }],
      waiting: null,
    });
    const february = (await rows()).filter((row) => row.date === "2027-03-01");
    expect(february).toEqual(
      [
        {
          wallet: a.wallet,
          node: nodeOfA.nodeKey,
          date: "2027-03-01",
          token: token(12n * pli(100_000) + 14n * pli(120_000), 28),
          inactive_count: 2,
          staked_days: 28,
          accrued_days: 26,
          percentage: "2.500",
          type: "Monthly",
          status: INCENTIVE_STATUS.unPaid,
        },
        {
          wallet: b.wallet,
          node: nodeOfB.nodeKey,
          date: "2027-03-01",
          token: "0",
          inactive_count: 28,
          staked_days: 28,
          accrued_days: 0,
          percentage: "2.500",
          type: "Monthly",
          status: INCENTIVE_STATUS.unPaid,
        },
      ].sort((x, y) => x.wallet.localeCompare(y.wallet)),
    );
  });

  it("catches up every missed month at once: an unlock stops the accrual, the percentage in force at a month's end applies", async () => {
    await atChainTime(app, "2027-04-10T09:00:00");
    await app.chain.mined(app.chain.as("owner").staking.write.unlock([a.address, nodeOfA.node]));
    await app.synced();
    await t.db
      .insertInto("app.incentive_rate")
      .values({ percentage: "3", effective_from: new Date("2027-05-15T00:00:00Z") })
      .execute();

    await chainPast(app, "2027-06-02T00:00:00");
    const result = await accrueIncentives(deps(), new Date("2027-06-02T00:00:00Z"));
    expect(result).toEqual({
      accrued: [
        { month: "2027-03", positions: 2, inserted: 2 },
        { month: "2027-04", positions: 2, inserted: 2 },
        { month: "2027-05", positions: 2, inserted: 1 },
      ],
      waiting: null,
    });
    const later = (await rows())
      .filter((row) => row.date > "2027-03-01")
      .map((row) => [row.date, row.wallet, row.token, row.staked_days, row.percentage]);
    expect(later).toEqual(
      [
        ["2027-04-01", a.wallet, pli(3_000).toString(), 31, "2.500"],
        ["2027-04-01", b.wallet, pli(1_250).toString(), 31, "2.500"],
        ["2027-05-01", a.wallet, token(9n * pli(120_000), 30), 9, "2.500"],
        ["2027-05-01", b.wallet, pli(1_250).toString(), 30, "2.500"],
        ["2027-06-01", b.wallet, pli(1_500).toString(), 31, "3.000"],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0])) || String(x[1]).localeCompare(String(y[1]))),
    );
    expect(await accrueIncentives(deps(), new Date("2027-06-30T00:00:00Z"))).toEqual({ accrued: [], waiting: null });
  });

  it("records every change of the incentive percentage made in the site settings", async () => {
    const before = await t.db.selectFrom("app.incentive_rate").select("percentage").execute();
    const body = {
      applicationName: "Portal",
      minimumStake: "50000",
      maximumStake: "1000000",
      multiplyOf: "1000",
      incentivePercentage: "2.75",
    };
    expect((await t.call("POST", API.setting, { token: admin, body })).status).toBe(200);
    expect(
      (await t.call("POST", API.setting, { token: admin, body: { ...body, applicationName: "Portal 2" } })).status,
    ).toBe(200);
    const after = await t.db.selectFrom("app.incentive_rate").select("percentage").orderBy("id").execute();
    expect(after.map((row) => row.percentage)).toEqual([...before.map((row) => row.percentage), "2.750"]);
  });

  it("the command line refuses a malformed date and says when months wait for the indexer", async () => {
    const cli = (until: string, env: Record<string, string | undefined> = {}) =>
      runScript("incentives-accrue", ["--until", until], {
        DATABASE_URL: t.config.DATABASE_URL,
        RPC_URL: undefined,
        ...env,
      });
    await expect(cli("2027-13-01")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("until: must be a real date"),
    });
    await expect(cli("2027-08-01")).rejects.toMatchObject({
      code: 3,
      stderr: expect.stringContaining("the end of 2027-06"),
    });
    await expect(
      cli("2027-08-01", { RPC_URL: t.config.RPC_URL }),
      "June has not ended on the chain",
    ).rejects.toMatchObject({
      code: 3,
      stderr: expect.stringContaining("the end of 2027-06"),
    });
    await chainPast(app, "2027-08-01T00:00:00");
    const done = await cli("2027-08-01", { RPC_URL: t.config.RPC_URL });
    expect(done.stdout).toContain("2027-06 accrued, 1 rows for 2 positions");
    expect(done.stdout).toContain("2027-07 accrued, 1 rows for 2 positions");
  }, 180_000);
});
