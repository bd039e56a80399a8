import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { create as createTar, extract } from "tar";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { pli, startChain } from "../../../test/chain.ts";
import { createTestDatabase } from "../../../test/database.ts";
import { asRole } from "../../../test/roles.ts";
import { startChainApp } from "../../test/chain-app.ts";
import { runScript } from "../../test/cli.ts";
import { imageForm, PNG_1X1 } from "../../test/images.ts";
import { adminAndTwoOperators, approvedNode, atChainTime, chainPast } from "../../test/incentives.ts";
import { categoryId, jobBody } from "../../test/jobs.ts";
import { accrueIncentives } from "../incentive/index.ts";
import { API, INCENTIVE_STATUS, NODE_STATUS } from "../public-contract/index.ts";
import { restoreBackup } from "./restore.ts";
import { MESSAGES } from "./schema.ts";

/**
 * The portal's backups on a real chain: a seeded portal backed up with `npm run backup`, its database
 * dropped and its uploads deleted, restored with `npm run restore` into an empty database next to a
 * new indexer re-indexing the same chain, then asked the same questions: every answer is the same.
 */
type ChainApp = Awaited<ReturnType<typeof startChainApp>>;

let chain: Awaited<ReturnType<typeof startChain>>;
let first: ChainApp | undefined;
let second: ChainApp | undefined;
const dir = mkdtempSync(path.join(tmpdir(), "pli-backup-test-"));
const archive = path.join(dir, "portal.tar.gz");
let admin: string;
let operators: { token: string }[];
let ids: { node: string; stakeRequest: string; ticket: string; incentive: string };
let files: string[];

const backup = (databaseUrl: string, uploadDir: string, out = archive) =>
  runScript("backup", ["--out", out], { DATABASE_URL: databaseUrl, UPLOAD_DIR: uploadDir });
const restore = (databaseUrl: string, uploadDir: string, from = archive) =>
  runScript("restore", ["--in", from], { DATABASE_OWNER_URL: asRole(databaseUrl, "owner"), UPLOAD_DIR: uploadDir });
/** The exit code and error output of a command expected to fail. */
const failure = (run: Promise<unknown>) =>
  run.then(
    () => ({ code: 0, stderr: "" }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr.trim() }),
  );

/** The fixed list of questions: what an admin and each operator see, a record of each kind by id, the files. */
async function answers(app: ChainApp) {
  const get = async (token: string, url: string, body?: unknown) => {
    const answer = await app.t.call(body ? "POST" : "GET", url, { token, body });
    return { status: answer.status, body: answer.body };
  };
  const asAdmin = {
    nodes: await get(admin, `${API.node.root}?limit=50`),
    node: await get(admin, `${API.node.byId}?nodeId=${ids.node}`),
    stakeRequests: await get(admin, API.stakeRequest.root),
    stakeRequest: await get(admin, `${API.stakeRequest.byId}?requestId=${ids.stakeRequest}`),
    jobs: await get(admin, API.job.root),
    tickets: await get(admin, API.ticket.root),
    ticket: await get(admin, `${API.ticket.byId}?ticketId=${ids.ticket}`),
    incentives: await get(admin, `${API.incentive.root}?limit=50`),
    incentive: await get(admin, `${API.incentive.byId}?incentiveId=${ids.incentive}`),
    incentiveSummary: await get(admin, API.incentive.summary),
    audit: await get(admin, `${API.audit.root}?limit=100`),
    dashboard: await get(admin, API.dashboard.admin),
    setting: await get(admin, API.setting),
    validators: await get(admin, API.validator.root),
  };
  const asOperators = [];
  for (const { token } of operators)
    asOperators.push({
      profile: await get(token, API.operator.root),
      nodes: await get(token, API.node.root),
      jobs: await get(token, API.job.byNode, { id: ids.node }),
      stakeRequests: await get(token, API.stakeRequest.root),
      tickets: await get(token, API.ticket.root),
      incentives: await get(token, API.incentive.root),
      dashboard: await get(token, API.dashboard.user),
    });
  const uploads: Record<string, string> = {};
  for (const file of files) {
    const served = await app.t.app.request(`${API.staticFiles}/${file}`);
    uploads[file] = `${served.status} ${Buffer.from(await served.arrayBuffer()).toString("base64")}`;
  }
  return { brand: await get(admin, API.settingBrand), asAdmin, asOperators, uploads };
}

async function seed(app: ChainApp) {
  const { t } = app;
  const seeded = await adminAndTwoOperators(app);
  admin = seeded.admin;
  operators = [seeded.a, seeded.b];
  const logo = (await t.call("POST", API.upload, { token: admin, body: imageForm(PNG_1X1, "brand.png") })).body.file;
  const nodeLogo = (await t.call("POST", API.upload, { token: seeded.a.token, body: imageForm(PNG_1X1, "node.png") }))
    .body.file;
  files = [logo, nodeLogo];
  const setting = await t.call("POST", API.setting, {
    token: admin,
    body: {
      applicationName: "Restored Portal",
      applicationEmail: "ops@example.com",
      contactNo: "+91 98765 43210",
      address: "Chennai",
      multiplyOf: "2000",
      incentivePercentage: "3.25",
      logoUrl: logo,
    },
  });
  expect(setting.status).toBe(200);
  const node = await approvedNode(app, admin, seeded.a, 1, { logo: nodeLogo });
  await approvedNode(app, admin, seeded.b, 2);
  await atChainTime(app, "2027-01-10T12:00:00");
  await app.chain.mined(app.chain.as("validator").staking.write.stakeTokens([pli(100_000), node.node as Address]));
  await chainPast(app, "2027-03-01T08:00:00");
  await accrueIncentives({ db: t.db, chain: app.chain.publicClient }, new Date("2027-03-01T00:00:00Z"));

  const owner = app.chain.as("owner");
  await app.chain.fund("owner", pli(10_000));
  await app.chain.mined(owner.staking.write.depositReward([pli(10_000)]));
  await app.synced();
  const listed = (await t.call("GET", API.incentive.root, { token: admin })).body.docs;
  const incentive = listed[0]._id as string;
  const plan = await t.call("POST", API.incentive.payout, { token: admin, body: { ids: [incentive] } });
  expect(plan.status).toBe(200);
  const batch = plan.body.batches[0];
  const paid = await app.chain.mined(
    owner.staking.write.payRewards([batch.wallets, batch.amounts.map(BigInt), batch.dates.map(BigInt), batch.nodes]),
  );
  await app.synced();
  const hint = await t.call("POST", API.incentive.update, {
    token: admin,
    body: {
      tnxHash: paid.transactionHash,
      selectedArray: [{ _id: incentive, status: INCENTIVE_STATUS.paid, token: "1" }],
    },
  });
  expect(hint.status).toBe(200);

  const stakeRequest = await t.call("POST", API.stakeRequest.root, {
    token: seeded.a.token,
    body: { nodeId: node.id },
  });
  expect(stakeRequest.status).toBe(201);
  // The stake's reconciliation would make the node Active; the test sets it as nodeWithStatus does.
  await t.db.updateTable("app.node").set({ status: NODE_STATUS.active }).where("id", "=", node.id).execute();
  const job = await t.call("POST", `${API.job.root}/`, {
    token: seeded.a.token,
    body: jobBody(node.id, await categoryId(t)),
  });
  expect(job.status).toBe(201);
  const ticket = await t.call("POST", API.ticket.root, {
    token: seeded.b.token,
    body: { subject: "Stake", message: "Please help." },
  });
  expect(ticket.status).toBe(201);
  expect(
    (await t.call("POST", API.ticket.reply, { token: admin, body: { _id: ticket.body.data._id, message: "Done." } }))
      .status,
  ).toBe(200);
  ids = { node: node.id, stakeRequest: stakeRequest.body.data._id, ticket: ticket.body.data._id, incentive };
}

async function dropDatabase(databaseUrl: string) {
  const client = new pg.Client({ connectionString: inject("postgresAdminUrl") });
  await client.connect();
  try {
    await client.query(`DROP DATABASE ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function hasAppSchema(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(`SELECT to_regnamespace('app') IS NOT NULL AS found`)).rows[0].found as boolean;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  chain = await startChain();
  first = await startChainApp({ chain });
  await seed(first);
});
afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await chain?.anvil.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("after a wipe, a restore and a re-index of the chain, every answer of the fixed list is the one before", async () => {
    const before = await answers(first!);
    expect(before.asAdmin.incentives.body.docs.map((row: { status: string }) => row.status)).toContain(
      INCENTIVE_STATUS.paid,
    );
    const firstDatabase = first!.t.config.DATABASE_URL;
    const backedUp = await backup(firstDatabase, first!.t.config.UPLOAD_DIR);
    expect(backedUp.stdout).toMatch(/Backup written to .*portal\.tar\.gz: \d+ tables, \d+ rows, 2 files, \d+ bytes/);

    await first!.stop();
    first = undefined;
    await dropDatabase(firstDatabase);
    const databaseUrl = await createTestDatabase("restored");
    const uploadDir = path.join(dir, "uploads");
    const restored = await restore(databaseUrl, uploadDir);
    expect(restored.stdout).toMatch(/Restored from .*portal\.tar\.gz: \d+ tables, \d+ rows, 2 files, \d+ bytes/);

    second = await startChainApp({ chain, databaseUrl, env: { UPLOAD_DIR: uploadDir } });
    await second.synced();
    expect(await answers(second)).toEqual(before);
    const next = await second.t.call("POST", API.ticket.root, {
      token: operators[1]!.token,
      body: { subject: "After the restore", message: "Numbered after the restored ones?" },
    });
    expect(next.status).toBe(201);
    expect(next.body.data.ticketNo).toBe(before.asAdmin.ticket.body.ticketNo + 1);
  }, 120_000);

  it("refuses to restore into a database that holds accounts, and changes nothing there", async () => {
    const before = await answers(second!);
    const refused = await failure(restore(second!.t.config.DATABASE_URL, second!.t.config.UPLOAD_DIR));
    expect(refused).toEqual({ code: 1, stderr: MESSAGES.notEmpty(1, 2) });
    expect(await answers(second!)).toEqual(before);
  });

  it("refuses a corrupted, tampered or newer archive before writing anything", async () => {
    const bytes = readFileSync(archive);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    const corrupted = path.join(dir, "corrupted.tar.gz");
    writeFileSync(corrupted, bytes);

    const folder = mkdtempSync(path.join(dir, "unpacked-"));
    await extract({ file: archive, cwd: folder });
    writeFileSync(path.join(folder, "tables", "operator.copy"), "tampered\n", { flag: "a" });
    const tampered = path.join(dir, "tampered.tar.gz");
    await createTar({ gzip: true, file: tampered, cwd: folder }, ["manifest.json", "tables", "uploads"]);

    const newer = mkdtempSync(path.join(dir, "newer-"));
    await extract({ file: archive, cwd: newer });
    const manifest = JSON.parse(readFileSync(path.join(newer, "manifest.json"), "utf8"));
    manifest.migrations.push("2099-01-01T00-00-00_from-the-future");
    writeFileSync(path.join(newer, "manifest.json"), JSON.stringify(manifest));
    const fromNewer = path.join(dir, "newer.tar.gz");
    await createTar({ gzip: true, file: fromNewer, cwd: newer }, ["manifest.json", "tables", "uploads"]);

    for (const [file, message] of [
      [corrupted, /^The file is not a readable backup archive of the portal \(.+\); nothing was written$/],
      [tampered, new RegExp(`^${escape(MESSAGES.corrupted("table operator"))}$`)],
      [fromNewer, new RegExp(`^${escape(MESSAGES.unknownMigrations(["2099-01-01T00-00-00_from-the-future"]))}$`)],
    ] as const) {
      const databaseUrl = await createTestDatabase("refused");
      const uploadDir = path.join(dir, "refused-uploads");
      await expect(restoreBackup({ databaseUrl, uploadDir, archive: file })).rejects.toThrow(message);
      expect(await hasAppSchema(databaseUrl)).toBe(false);
      expect(existsSync(uploadDir)).toBe(false);
    }
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
