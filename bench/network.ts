/**
 * The public network page's answer on a cache miss: `OPERATORS` operators and `NODES` nodes seeded as for the node
 * lists (bench/lib/seed-nodes.ts: stakes and 30 days of reputation), plus the monitor's checks of the last 30 days
 * (`CHECKS_PER_DAY` for every monitored node) and their counts per day, with the API started as in production. Each request follows a real
 * write (which empties the API's answer cache), so every one reads the database: prints p50 and p99 of `GET
 * /api/network` and the load average. Target: p99 <= 25 ms. `npm run bench:network` (RUNS=requests; EXPLAIN=1 prints
 * the plans, EXPLAIN (ANALYZE, BUFFERS) as auto_explain logs them; see bench/lib/stand.ts).
 */
import { loadavg } from "node:os";
import pg from "pg";
import { API } from "@pli/api/public-contract";
import { percentiles } from "./lib/percentiles.ts";
import { seedNodes } from "./lib/seed-nodes.ts";
import { withStand } from "./lib/stand.ts";

const OPERATORS = Number(process.env.OPERATORS ?? 5_000);
const NODES = Number(process.env.NODES ?? 10_000);
const CHECKS_PER_DAY = Number(process.env.CHECKS_PER_DAY ?? 24);
const RUNS = Number(process.env.RUNS ?? 200);
const TARGET_P99_MS = 25;

async function seedChecks(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO app.node_check (node_id, checked_at, answered)
       SELECT n.id, now() - k * (interval '1 day' / $1::int), (k + hashtext(n.id::text)) % 17 <> 0
       FROM app.node AS n, generate_series(1, 30 * $1::int) AS k
       WHERE n.status IN ('Approved', 'Active', 'De-Active')`,
      [CHECKS_PER_DAY],
    );
    await client.query(
      `INSERT INTO app.node_check_day (node_id, day, answered, checks)
       SELECT node_id, (checked_at AT TIME ZONE 'UTC')::date, count(*) FILTER (WHERE answered), count(*)
       FROM app.node_check GROUP BY 1, 2`,
    );
    await client.query("VACUUM ANALYZE app.node_check, app.node_check_day");
    return Number((await client.query("SELECT count(*) AS n FROM app.node_check")).rows[0].n);
  } finally {
    await client.end();
  }
}

await withStand(
  "network",
  async (databaseUrl) => ({
    ...(await seedNodes(databaseUrl, { operators: OPERATORS, nodes: NODES })),
    checks: await seedChecks(databaseUrl),
  }),
  async ({ api, write, plans }) => {
    const url = `${api}${API.network.root}`;
    const timings: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await write();
      const started = performance.now();
      const response = await fetch(url, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
      await response.arrayBuffer();
      timings.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
      if (plans && i === 0) {
        console.log(plans());
        break;
      }
    }
    const { p50, p99 } = percentiles(timings);
    console.log(
      `GET /api/network, cache miss, ${timings.length} requests: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms ` +
        `(target p99 <= ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? "met" : "NOT met"}); load ${loadavg()
          .map((x) => x.toFixed(2))
          .join(" ")}`,
    );
  },
);
