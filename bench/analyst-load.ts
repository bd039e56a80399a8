/**
 * Analysts on a replica (issue 45): the incentive list's seed of `bench:incentives` (1,000,000 incentives), the API
 * started as in production, and a hot standby of its Postgres (scripts/lib/postgres-replica.ts: streaming
 * replication with hot_standby_feedback). The portal's list p99 on cache misses (WRITES_PER_S writes a second, 10 by
 * default, each emptying the API's answer cache) is measured without analysts, with SESSIONS (4) analyst sessions
 * running full scans of `analytics.incentives` on the primary, and with them on the replica; first pinned (the
 * replica and the analysts' process on CPU 1; the primary, the API and this load generator on CPU 0: two cores
 * isolate nothing by themselves), then unpinned; every process of the bench at niceness -10 (bench/lib/pin.ts), so
 * that other work on a shared machine yields to it. Target, pinned: with the analysts on the replica the p99 moves by at
 * most 20 %. `npm run bench:analyst-load` (DURATION seconds per case, default 10; WRITES_PER_S; SESSIONS; POSITIONS,
 * MONTHS, OPERATORS as bench:incentives).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { API } from "@pli/api/public-contract";
import { applyAnalystAccess } from "@pli/api/db/analyst-access";
import { ANALYST_ROLE } from "@pli/api/db/migrations/0015_analytics";
import { startReplica } from "../scripts/lib/postgres-replica.ts";
import { BENCH_NICENESS, favour, pin } from "./lib/pin.ts";
import { jsonHeaders, loadOptionsFromEnv, runLoad, type LoadCase } from "./lib/load.ts";
import { seedIncentives } from "./lib/seed-incentives.ts";
import { withStand } from "./lib/stand.ts";

const OPERATORS = Number(process.env.OPERATORS ?? 10_000);
const POSITIONS = Number(process.env.POSITIONS ?? 20_000);
const MONTHS = Number(process.env.MONTHS ?? 50);
const SESSIONS = Number(process.env.SESSIONS ?? 4);
const WRITES_PER_S = Number(process.env.WRITES_PER_S ?? 10);
const DURATION = Number(process.env.DURATION ?? 10);
const TARGET_MOVE = 0.2;
const ANALYST_PASSWORD = "bench-analyst-password-0123";
const CPU = { portal: "0", analysts: "1", both: "0,1" } as const;

type Where = "none" | "primary" | "replica";
/** The replica's run next to the one without analysts, so that the machine's drift weighs least on the target. */
const WHERE: Where[] = ["none", "replica", "primary"];

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
const withUser = (url: string, user: string, password: string) => {
  const parsed = new URL(url);
  parsed.username = user;
  parsed.password = password;
  return parsed.toString();
};

/** Starts the analysts' process (on CPU 1 when pinned); resolves once its sessions are connected. */
async function startAnalysts(url: string, pinned: boolean): Promise<ChildProcess> {
  const node = [process.execPath, "--import", "tsx", path.join(import.meta.dirname, "lib/analyst-sessions.ts")];
  const favoured = ["nice", "-n", String(BENCH_NICENESS), ...node];
  const [command, ...args] = pinned ? ["taskset", "-c", CPU.analysts, ...favoured] : favoured;
  const child = spawn(command!, args, {
    env: { ...process.env, ANALYST_URL: url, SESSIONS: String(SESSIONS) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the analysts' process exited with ${code}`)));
  });
  return child;
}

/** Stops the analysts' process after its scans under way; their count and duration. */
async function stopAnalysts(child: ChildProcess): Promise<{ scans: number; seconds: number }> {
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
  return JSON.parse(output.trim().split("\n").pop()!) as { scans: number; seconds: number };
}

let primaryUrl = "";
await withStand(
  "analyst-load",
  (databaseUrl) => {
    primaryUrl = databaseUrl;
    return seedIncentives(databaseUrl, { operators: OPERATORS, positions: POSITIONS, months: MONTHS });
  },
  async ({ api, db, adminToken, pids, operatorToken, write }) => {
    await applyAnalystAccess(db, ANALYST_PASSWORD);

    const dir = mkdtempSync(path.join(tmpdir(), "pli-bench-replica-"));
    const copyStarted = performance.now();
    const replica = await startReplica(primaryUrl, { dataDir: path.join(dir, "replica"), slot: "analyst_replica" });
    try {
      await replica.caughtUp();
      console.log(
        `replica: base copy and start in ${((performance.now() - copyStarted) / 1000).toFixed(1)} s (pid ${replica.pid}, port ${replica.port})`,
      );
      const database = new URL(primaryUrl).pathname.slice(1);
      const analystUrl = {
        primary: withUser(primaryUrl, ANALYST_ROLE, ANALYST_PASSWORD),
        replica: withUser(replica.url(database), ANALYST_ROLE, ANALYST_PASSWORD),
      };
      const operator = await db
        .selectFrom("app.operator")
        .select("id")
        .orderBy("wallet_address")
        .offset(41)
        .limit(1)
        .executeTakeFirstOrThrow();
      const list = `${api}${API.incentive.root}`;
      const cases: LoadCase[] = [
        {
          name: "GET incentive (admin, all)",
          url: list,
          method: "GET",
          headers: jsonHeaders(adminToken),
          target: true,
        },
        {
          name: "GET incentive (operator's own)",
          url: list,
          method: "GET",
          headers: jsonHeaders(await operatorToken(operator.id)),
          target: true,
        },
      ];
      const primaryClient = new pg.Client({ connectionString: primaryUrl });
      await primaryClient.connect();
      const p99 = new Map<string, number>();
      const scans = new Map<string, string>();
      try {
        for (const pid of [pids.postgres, pids.server, process.pid, replica.pid]) favour(pid);
        for (const pinned of [true, false]) {
          pin(pids.postgres, pinned ? CPU.portal : CPU.both);
          pin(pids.server, pinned ? CPU.portal : CPU.both);
          pin(process.pid, pinned ? CPU.portal : CPU.both);
          pin(replica.pid, pinned ? CPU.analysts : CPU.both);
          for (const where of WHERE) {
            const phase = `${pinned ? "pinned" : "unpinned"}, analysts: ${where}`;
            console.log(`\n=== ${phase} (load average ${load()})`);
            const analysts = where === "none" ? undefined : await startAnalysts(analystUrl[where], pinned);
            let maxReplayLag = 0;
            const sampler = setInterval(() => {
              primaryClient
                .query<{ lag: number | null }>(
                  "SELECT max(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn))::float8 AS lag FROM pg_stat_replication",
                )
                .then(
                  ({ rows }) => (maxReplayLag = Math.max(maxReplayLag, rows[0]?.lag ?? 0)),
                  () => undefined,
                );
            }, 250);
            try {
              await runLoad(cases, {
                ...loadOptionsFromEnv(),
                duration: DURATION,
                writesPerSecond: WRITES_PER_S,
                write,
                pids,
                onFigures: (name, figures) => p99.set(`${pinned}|${where}|${name}`, figures.p99),
              });
            } finally {
              clearInterval(sampler);
              if (analysts) {
                const done = await stopAnalysts(analysts);
                scans.set(
                  `${pinned}|${where}`,
                  `${done.scans} scans in ${done.seconds.toFixed(0)} s (${(done.scans / done.seconds).toFixed(2)}/s)`,
                );
                console.log(`analysts: ${scans.get(`${pinned}|${where}`)}`);
              }
            }
            console.log(`replica's largest replay lag meanwhile: ${(maxReplayLag / 1024).toFixed(0)} KB`);
          }
        }
      } finally {
        await primaryClient.end();
      }

      console.log(
        `\nCache-miss p99 (${WRITES_PER_S} writes a second, ${DURATION} s per case), without analysts and with ${SESSIONS} analysts' full scans`,
      );
      const missed: string[] = [];
      for (const pinned of [true, false]) {
        console.log(
          `\n${pinned ? "pinned (replica and analysts on CPU 1; primary, API and load on CPU 0)" : "unpinned"}`,
        );
        for (const c of cases) {
          const of = (where: Where) => p99.get(`${pinned}|${where}|${c.name}`)!;
          const move = (where: Where) => (of(where) - of("none")) / of("none");
          const percent = (where: Where) => `${move(where) >= 0 ? "+" : ""}${(move(where) * 100).toFixed(0)} %`;
          const met = move("replica") <= TARGET_MOVE;
          if (pinned && !met) missed.push(c.name);
          console.log(
            `  ${c.name.padEnd(32)} none ${of("none").toFixed(0).padStart(4)} ms | on the primary ${of("primary").toFixed(0).padStart(4)} ms (${percent("primary")}) | on the replica ${of("replica").toFixed(0).padStart(4)} ms (${percent("replica")})${pinned ? `  ${met ? "met" : "MISSED"}` : ""}`,
          );
        }
        for (const where of ["primary", "replica"] as const)
          console.log(`  analysts on the ${where}: ${scans.get(`${pinned}|${where}`)}`);
      }
      console.log(
        `\nload average after: ${load()}; target (pinned, analysts on the replica: p99 moves by at most ${TARGET_MOVE * 100} %) ${missed.length ? `missed by: ${missed.join(", ")}` : "met by every case"}`,
      );
    } finally {
      pin(process.pid, CPU.both);
      await replica.stop();
      await sql`SELECT pg_drop_replication_slot('analyst_replica')`.execute(db).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
