/**
 * Every operator watching at once: STREAMS (10,000) signed-in live streams (`GET /api/live`) spread over WALLETS
 * (2,000) operators' wallets, held by CLIENTS (2) child processes, on the API as production runs it (the compiled
 * server, its own process) over an embedded Postgres, anvil and the indexer; then stakes and payouts mined at RATE (5)
 * a second for MINE_S (60) seconds, each naming one of ACTIVE (100) wallets. With INSTANCES=2 two API processes share
 * the streams behind nginx run with the compose deployment's configuration (bench/lib/nginx.ts), each figure printed
 * per instance, with the streams each holds.
 *
 * Prints, each beside its target: the latency of each affected stream from its block indexed (the indexer's
 * notification, heard on a connection of the bench's own) to the event read (p50/p99; target p99 <= 250 ms), with the
 * floor of the same latency on one stream alone; that streams no event concerned received nothing but keep-alives
 * (target 0); the API's resident memory with all open (target < 600 MB) beside its figure before they opened, its CPU
 * while nothing happens with all open (target < 5 % of a core) beside the same with none open, and its memory
 * AFTER_CLOSE_S (60) s after they closed (target: within 100 MB of the figure before) with the full collections that ran
 * meanwhile and their pauses (the API asks for one once a crowd of streams has closed), then again after a forced full
 * garbage collection (what the API retains, apart from garbage V8 had not collected yet). A child that ends before the
 * bench stops it is printed at once with its exit code and signal; a reaper (bench/lib/reaper.ts) stops every child
 * and removes every folder when the bench is ended any other way. `npm run bench:streams`.
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { keccak256, parseEther, toHex, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { signSession } from "@pli/api/auth";
import { indexedProgressSql } from "@pli/api/chain/views";
import { createDb } from "@pli/api/db/database";
import { INDEXER_CHANNEL } from "@pli/api/live";
import { USER_TYPE } from "@pli/api/public-contract";
import { deployContracts, seedDemoData } from "../contracts/scripts/deploy.ts";
import { startAnvil } from "../scripts/lib/anvil.ts";
import { DEV_KEYS } from "../scripts/lib/dev-accounts.ts";
import { PONDER_STOP_SIGNAL, startIndexer, waitForIndexedBlock } from "../scripts/lib/indexer.ts";
import { startPostgres } from "../scripts/lib/postgres.ts";
import { embeddedPortalDatabase } from "../scripts/lib/stack-database.ts";
import { prepareDatabase } from "../scripts/lib/stack-seed.ts";
import {
  buildPrograms,
  dockerfileCommand,
  PRODUCTION_PROGRAMS,
  productionApiEnv,
} from "../scripts/lib/production-build.ts";
import { chainActor, chainClients, pli } from "../test/chain.ts";
import { startApiInstance, type ApiInstance } from "./lib/api-instance.ts";
import { cpuMs } from "./lib/cpu.ts";
import { stoppingChildren, watchExit } from "./lib/exit-watch.ts";
import { startNginx, type Nginx } from "./lib/nginx.ts";
import { percentiles } from "./lib/percentiles.ts";
import { latencies, type Mined } from "./lib/stream-latency.ts";
import { startReaper } from "./lib/reaper.ts";
import { clientProcess } from "./lib/stream-clients.ts";
import { receiptOf } from "../scripts/lib/receipt.ts";

const STREAMS = Number(process.env.STREAMS ?? 10_000);
const WALLETS = Number(process.env.WALLETS ?? 2_000);
const ACTIVE = Number(process.env.ACTIVE ?? 100);
const CLIENTS = Number(process.env.CLIENTS ?? 2);
const INSTANCES = Number(process.env.INSTANCES ?? 1);
const RATE = Number(process.env.RATE ?? 5);
const MINE_S = Number(process.env.MINE_S ?? 60);
const FLOOR_TXS = Number(process.env.FLOOR_TXS ?? 40);
const IDLE_S = Number(process.env.IDLE_S ?? 30);
const AFTER_CLOSE_S = Number(process.env.AFTER_CLOSE_S ?? 60);
const TARGET = { p99Ms: 250, rssMb: 600, idleCpuPercent: 5, afterCloseMb: 100 };
const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123";
const ROOT = path.resolve(import.meta.dirname, "..");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Epoch milliseconds with sub-millisecond precision, comparable between processes. */
const now = () => performance.timeOrigin + performance.now();
/** The share of one core `pid` (with its children, nginx's workers) used over `seconds` from now. */
async function cpuPercent(pid: number, seconds: number, children = false): Promise<number> {
  const [cpu, wall] = [cpuMs(pid, { children }), performance.now()];
  await sleep(seconds * 1000);
  return ((cpuMs(pid, { children }) - cpu) / (performance.now() - wall)) * 100;
}
const nginxCpuPercent = (nginx: Nginx, seconds: number) => cpuPercent(nginx.service.process.pid!, seconds, true);

/** A wallet of the bench's own: the first ACTIVE have keys and stake; the rest only sign in. */
const activeKey = (i: number) => keccak256(toHex(`pli-bench-streams-${i}`));
const walletOf = (i: number): Address =>
  i < ACTIVE
    ? (privateKeyToAccount(activeKey(i)).address.toLowerCase() as Address)
    : `0x${(0xbe0000 + i).toString(16).padStart(40, "0")}`;
const nodeOf = (i: number): Address => `0x${(0xdd0000 + i).toString(16).padStart(40, "0")}`;

const reaper = await startReaper();
const dir = mkdtempSync(path.join(tmpdir(), "pli-bench-streams-"));
reaper.folder(dir);
const programs = `api/.bench-dist-streams-${process.pid}`;
reaper.folder(path.join(ROOT, programs));
const pgServer = await startPostgres({ dataDir: path.join(dir, "pg"), ephemeral: true });
// Postgres' fast shutdown.
reaper.group("postgres", pgServer.pid, "SIGINT");
const anvilLog = createWriteStream(path.join(dir, "anvil.log"));
const anvil = await startAnvil({ log: (chunk) => anvilLog.write(chunk) });
reaper.group("anvil", anvil.process.pid);
watchExit("anvil", anvil.process);
const stops: (() => Promise<unknown>)[] = [];
const children: ReturnType<typeof clientProcess>[] = [];
const apis: ApiInstance[] = [];
try {
  // Each program with its own database role, as a deployment runs them (the API refuses a superuser in production).
  const database = await embeddedPortalDatabase(pgServer, dir);
  await prepareDatabase({ database, dataDir: dir, demo: false, log: () => undefined });
  const databaseUrl = database.api;
  const db = createDb(databaseUrl, 2);
  stops.push(() => db.destroy());

  const deployOptions = { rpcUrl: anvil.rpcUrl, ownerKey: DEV_KEYS.owner };
  const deployment = await deployContracts(deployOptions);
  const active = Array.from({ length: ACTIVE }, (_, i) => walletOf(i));
  await seedDemoData(deployment, deployOptions, {
    operators: active,
    pliEach: pli(1_000_000),
    nativeEach: parseEther("10"),
    rewardDeposit: pli(10_000_000),
  });
  const owner = chainActor(anvil.rpcUrl, deployment, DEV_KEYS.owner);
  const stakers = active.map((_, i) => chainActor(anvil.rpcUrl, deployment, activeKey(i)));
  for (let i = 0; i < ACTIVE; i++) await owner.whitelist(active[i]!, nodeOf(i));
  await Promise.all(
    stakers.map(async (staker, i) => {
      await staker.approve(pli(1_000_000));
      await staker.stake(pli(50_000), nodeOf(i));
    }),
  );
  const indexer = await startIndexer({
    databaseUrl: database.indexer,
    rpcUrl: anvil.rpcUrl,
    wsUrl: anvil.wsUrl,
    deployment,
    logFile: path.join(dir, "indexer.log"),
  });
  reaper.group("indexer", indexer.process.pid, PONDER_STOP_SIGNAL);
  watchExit("indexer", indexer.process);
  stops.push(() => indexer.stop());
  await waitForIndexedBlock(databaseUrl, await owner.publicClient.getBlockNumber(), { timeoutMs: 120_000 });

  await sql`
    INSERT INTO app.operator (wallet_address, email, user_role, twofa_enabled)
    SELECT (${sql.val(Array.from({ length: WALLETS }, (_, i) => walletOf(i)))}::text[])[i],
           'operator-with-a-long-address-for-the-streams-bench-' || i || '@example.com', 'Validator', true
    FROM generate_series(1, ${WALLETS}::int) AS i`.execute(db);
  const operators = await db
    .selectFrom("app.operator")
    .select(["id", "wallet_address", "email", "session_version"])
    .execute();
  const tokens = new Map<string, string>();
  for (const operator of operators)
    tokens.set(
      operator.wallet_address.toLowerCase(),
      await signSession(
        {
          sub: operator.id,
          userType: USER_TYPE.user,
          walletAddress: operator.wallet_address,
          name: "",
          email: operator.email ?? "",
          ver: operator.session_version,
        },
        JWT_SECRET,
        6 * 3600,
      ),
    );

  await buildPrograms(programs, { server: PRODUCTION_PROGRAMS["api/dist"].server });
  for (let i = 0; i < INSTANCES; i++) {
    const api = await startApiInstance({
      name: `API ${i}`,
      server: path.join(ROOT, programs, "server.js"),
      env: {
        ...productionApiEnv({
          databaseUrl,
          rpcUrl: anvil.rpcUrl,
          chainId: deployment.chainId,
          jwtSecret: JWT_SECRET,
          smtpUrl: "smtp://127.0.0.1:9",
          uploadDir: path.join(dir, `uploads-${i}`),
        }),
        PLI_TOKEN_ADDRESS: deployment.contracts.pliToken,
        STAKING_ADDRESS: deployment.contracts.stakingRewards,
        FARM_ADDRESS: deployment.contracts.pluginFarm,
        OUTBOX_DIR: path.join(dir, `outbox-${i}`),
        SCHEDULER_ENABLED: "false",
        LOG_LEVEL: "warn",
      },
      logFile: path.join(dir, `api-${i}.log`),
      reaper,
      // The node flags of the `api` image's command, between `node` and the program.
      nodeOptions: dockerfileCommand("api").slice(1, -1),
    });
    stops.push(() => api.stop());
    apis.push(api);
  }
  /** With two instances or more, the streams reach them through nginx, as in the compose deployment. */
  let nginx: Nginx | undefined;
  if (INSTANCES > 1) {
    nginx = await startNginx({
      dir: path.join(dir, "nginx"),
      apis: apis.map((api) => api.address),
      connections: 2 * STREAMS + 100,
    });
    reaper.group("nginx", nginx.service.process.pid);
    watchExit("nginx", nginx.service.process);
    stops.push(() => nginx!.service.stop());
  }
  const entry = nginx?.url ?? apis[0]!.url;

  /** When each indexed block was first seen committed: the indexer's notification, then its progress read. */
  const indexedAt: { block: number; at: number }[] = [];
  const listener = new pg.Client({ connectionString: databaseUrl, application_name: "pli-bench-streams" });
  await listener.connect();
  stops.push(() => listener.end());
  let reading = Promise.resolve();
  listener.on("notification", () => {
    const at = now();
    reading = reading.then(async () => {
      const { rows } = await sql<{ block: string | null }>`${indexedProgressSql}`.execute(db);
      const block = Number(rows[0]?.block ?? -1);
      if (block > (indexedAt.at(-1)?.block ?? -1)) indexedAt.push({ block, at });
    });
  });
  await listener.query(`LISTEN "${INDEXER_CHANNEL}"`);
  const indexedTime = (block: number) => indexedAt.find((entry) => entry.block >= block)?.at;

  const owned = chainClients(anvil.rpcUrl, deployment).as(DEV_KEYS.owner);
  let payoutDate = 0;
  /** Mines `count` transactions at RATE a second, each naming one active wallet; returns (block, wallet) of each. */
  async function mine(count: number, wallets: number[]): Promise<Mined[]> {
    const mined: Mined[] = [];
    const started = performance.now();
    for (let n = 0; n < count; n++) {
      await sleep(Math.max(0, started + (n * 1000) / RATE - performance.now()));
      const i = wallets[n % wallets.length]!;
      const hash: Hex =
        n % 2 === 0
          ? await stakers[i]!.sendTopup(pli(1), nodeOf(i))
          : await owned.staking.write.payRewards([[active[i]!], [pli(1)], [BigInt(++payoutDate)], [nodeOf(i)]]);
      const receipt = await receiptOf(owner.publicClient, hash, { intervalMs: 5 });
      if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
      mined.push({ block: Number(receipt.blockNumber), wallet: active[i]!.toLowerCase() });
    }
    await waitForIndexedBlock(databaseUrl, mined.at(-1)!.block, { timeoutMs: 60_000 });
    await sleep(2_000);
    return mined;
  }

  const apiPids = apis.map((api) => api.pid);
  const rssAll = () => apis.map((api) => api.rssMb());
  /** The V8 heap in use of each instance, from its metrics: what of its resident memory the JavaScript holds. */
  const heapAll = () => Promise.all(apis.map((api) => api.heapMb()));
  const streamsAll = () => Promise.all(apis.map((api) => api.liveStreams()));
  const fmtMb = (values: number[]) => values.map((mb) => `${mb.toFixed(0)} MB`).join(" + ");
  const fmtCpu = (values: number[]) => values.map((percent) => `${percent.toFixed(2)} %`).join(" + ");
  const fmtMs = (ms: number) => `${ms.toFixed(1)} ms`;
  const print = (line: string) => console.log(line);

  // Started now, so that their start is not counted in the time the streams take to open.
  const clients = Array.from({ length: CLIENTS }, () => clientProcess());
  children.push(...clients);
  // The floor: the same latency with one stream open, by the same way in as the others.
  const floorClient = clientProcess();
  children.push(floorClient);
  const floorStreams = [{ url: entry, token: tokens.get(active[0]!.toLowerCase())!, wallet: active[0]! }];
  await floorClient.ask<"opened">({ kind: "open", streams: floorStreams, concurrency: 1 });
  const floorMined = await mine(FLOOR_TXS, [0]);
  const floorReport = await floorClient.ask<"report">({ kind: "report" });
  await floorClient.ask<"closed">({ kind: "close" });
  const floor = latencies(
    floorMined,
    floorStreams.map(({ wallet }) => ({ wallet: wallet.toLowerCase() })),
    floorReport.arrivals,
    indexedTime,
  );

  await sleep(10_000);
  const cpuBefore = await Promise.all(apiPids.map((pid) => cpuPercent(pid, IDLE_S)));
  const rssBefore = rssAll();
  const heapBefore = await heapAll();

  // Stream s belongs to wallet s mod WALLETS, held by client s mod CLIENTS.
  const shares = Array.from({ length: CLIENTS }, () => [] as { url: string; token: string; wallet: string }[]);
  for (let s = 0; s < STREAMS; s++) {
    const wallet = walletOf(s % WALLETS).toLowerCase();
    shares[s % CLIENTS]!.push({ url: entry, token: tokens.get(wallet)!, wallet });
  }
  const opening = performance.now();
  const opened = await Promise.all(
    clients.map((client, c) => client.ask<"opened">({ kind: "open", streams: shares[c]!, concurrency: 100 })),
  );
  const openedCount = opened.reduce((sum, reply) => sum + reply.opened, 0);
  print(
    `opened ${openedCount} of ${STREAMS} live streams over ${WALLETS} wallets on ${INSTANCES} API instance(s) in ${((performance.now() - opening) / 1000).toFixed(1)} s` +
      (opened.some((reply) => reply.failed.length > 0)
        ? `; failures: ${opened.flatMap((reply) => reply.failed).join(", ")}`
        : ""),
  );
  if (nginx)
    print(
      `  through nginx (the deployment's configuration): ${nginx.workers} worker(s) of ${nginx.workerConnections} connections and ${nginx.workerOpenFiles} open files each; streams each API instance holds: ${(await streamsAll()).join(" + ")}`,
    );
  await sleep(10_000);
  const nginxCpu = nginx ? nginxCpuPercent(nginx, IDLE_S) : undefined;
  const cpuOpen = await Promise.all(apiPids.map((pid) => cpuPercent(pid, IDLE_S)));
  // After a quiet while, as the figure before they opened: V8 has collected what opening them left.
  const rssOpen = rssAll();
  const heapOpen = await heapAll();
  const nginxOpen = nginx && { rssMb: nginx.rssMb(), cpu: await nginxCpu! };

  const rssPeak = [...rssOpen];
  // An API that ends meanwhile is not this timer's to report: a throw here would end the bench at once, before what the
  // API printed last came through its pipe to its log. The exit watch prints it, and the next figure fails with its log.
  const sampler = setInterval(() => {
    try {
      rssAll().forEach((mb, i) => (rssPeak[i] = Math.max(rssPeak[i]!, mb)));
    } catch {
      clearInterval(sampler);
    }
  }, 1_000);
  const activeIndexes = Array.from({ length: ACTIVE }, (_, i) => i);
  const mined = await mine(RATE * MINE_S, activeIndexes);
  clearInterval(sampler);
  const reports = await Promise.all(clients.map((client) => client.ask<"report">({ kind: "report" })));

  const affected = new Set(mined.map(({ wallet }) => wallet));
  let measured: number[] = [];
  let missed = 0;
  let unaffectedMessages = 0;
  let unaffectedStreams = 0;
  reports.forEach((report, c) => {
    const result = latencies(mined, shares[c]!, report.arrivals, indexedTime);
    measured = measured.concat(result.values);
    missed += result.missed;
    shares[c]!.forEach(({ wallet }, index) => {
      if (affected.has(wallet)) return;
      unaffectedStreams++;
      unaffectedMessages += report.messages[index]!;
    });
  });
  const foreign = reports.reduce((sum, report) => sum + report.foreign, 0);
  const keepAlives = reports.reduce((sum, report) => sum + report.keepAlives, 0);
  const lost = reports.reduce((sum, report) => sum + report.lost, 0);

  const collectionsAll = () => Promise.all(apis.map((api) => api.majorCollections()));
  const collectionsOpen = await collectionsAll();
  const closing = performance.now();
  await Promise.all(clients.map((client) => client.ask<"closed">({ kind: "close" })));
  await sleep(Math.max(0, AFTER_CLOSE_S * 1000 - (performance.now() - closing)));
  const rssAfter = rssAll();
  // The full collections that ran from the close to this figure, and their pauses: the API's own, or V8's.
  const collectionsAfter = (await collectionsAll()).map(({ count, ms }, i) => ({
    count: count - collectionsOpen[i]!.count,
    ms: ms - collectionsOpen[i]!.ms,
  }));
  const heapAfter = await heapAll();
  const streamsAfter = await streamsAll();
  // A full collection tells the heap the API still holds from the garbage V8 had not collected yet.
  const heapCollected = await Promise.all(apis.map((api) => api.collectGarbage()));
  await sleep(2_000);
  const rssCollected = rssAll();

  const stats = percentiles(measured);
  const floorStats = percentiles(floor.values);
  const overIdle = (values: number[]) =>
    values.map((mb, i) => `${mb - rssBefore[i]! >= 0 ? "+" : ""}${(mb - rssBefore[i]!).toFixed(0)} MB`).join(", ");
  print(
    `${mined.length} stakes and payouts mined at ${RATE}/s over ${ACTIVE} wallets; ${measured.length} events on the affected streams (${missed} never arrived), ${lost} streams lost`,
  );
  print(
    `  block indexed -> event on each affected stream: p50 ${fmtMs(stats.p50)}  p99 ${fmtMs(stats.p99)}  max ${fmtMs(stats.max)}   target p99 <= ${TARGET.p99Ms} ms   floor (1 stream, ${floor.values.length} events): p50 ${fmtMs(floorStats.p50)}  p99 ${fmtMs(floorStats.p99)}`,
  );
  print(
    `  messages other than keep-alives on the ${unaffectedStreams} streams no event concerned: ${unaffectedMessages}   target 0   (events naming another wallet on any stream: ${foreign}; keep-alives received: ${keepAlives})`,
  );
  print(
    `  API resident memory with all open: ${fmtMb(rssOpen)} (peak while mining ${fmtMb(rssPeak)}; V8 heap in use ${fmtMb(heapOpen)})   target < ${TARGET.rssMb} MB   floor (none open): ${fmtMb(rssBefore)} (heap ${fmtMb(heapBefore)})`,
  );
  print(
    `  API CPU while nothing happens, all open: ${fmtCpu(cpuOpen)} of a core over ${IDLE_S} s   target < ${TARGET.idleCpuPercent} %   floor (none open): ${fmtCpu(cpuBefore)}`,
  );
  if (nginxOpen)
    print(
      `  nginx (master and workers) with all open: ${nginxOpen.rssMb.toFixed(0)} MB resident, ${nginxOpen.cpu.toFixed(2)} % of a core while nothing happens`,
    );
  print(
    `  API resident memory ${AFTER_CLOSE_S} s after they closed: ${fmtMb(rssAfter)} (${overIdle(rssAfter)} on none open; heap ${fmtMb(heapAfter)}; streams the API still holds: ${streamsAfter.join(" + ")})   target within ${TARGET.afterCloseMb} MB`,
  );
  print(
    `  full garbage collections in those ${AFTER_CLOSE_S} s: ${collectionsAfter.map(({ count }) => count).join(" + ")} (pauses ${collectionsAfter.map(({ ms }) => fmtMs(ms)).join(" + ")} in all)`,
  );
  print(
    `  the same after a forced full garbage collection: ${fmtMb(rssCollected)} (${overIdle(rssCollected)}; heap ${fmtMb(heapCollected)})`,
  );
  print(
    `  load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")} (2 cores, shared)`,
  );
} catch (error) {
  // What an API that exited printed reaches its log through a pipe: give it a moment.
  await sleep(2_000);
  for (const api of apis)
    console.error(
      `${api.name} (pid ${api.pid}) ${api.ended ? `exited: code ${api.ended.code}, signal ${api.ended.signal}` : "still runs"}; the end of its log:\n${api.log()}`,
    );
  console.error(`the end of anvil's log:\n${readFileSync(path.join(dir, "anvil.log"), "utf8").slice(-2_000)}`);
  throw error;
} finally {
  stoppingChildren();
  for (const child of children) child.kill();
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  await anvil.stop();
  await pgServer.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(path.join(ROOT, programs), { recursive: true, force: true });
  reaper.done();
}
