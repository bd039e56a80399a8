/**
 * Analysts at work, a process of its own (so it can be pinned apart from the load generator): SESSIONS connections
 * to ANALYST_URL, each running full scans of `analytics.incentives` one after the other until SIGTERM; then prints
 * `{"scans": n, "seconds": s}` and exits.
 */
import pg from "pg";

const SCAN = `SELECT accrued_month, status, count(*) AS incentives, sum(amount_wei) AS amount_wei, count(node_id) AS with_node
  FROM analytics.incentives GROUP BY accrued_month, status`;

const url = process.env.ANALYST_URL;
const sessions = Number(process.env.SESSIONS ?? 4);
if (!url) throw new Error("ANALYST_URL is required");

const started = performance.now();
let scans = 0;
let stopping = false;
const clients = await Promise.all(
  Array.from({ length: sessions }, async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  }),
);
const loops = clients.map(async (client) => {
  while (!stopping) {
    await client.query(SCAN);
    scans++;
  }
});
console.log("ready");
process.once("SIGTERM", () => (stopping = true));
await Promise.all(loops);
await Promise.all(clients.map((client) => client.end()));
console.log(JSON.stringify({ scans, seconds: (performance.now() - started) / 1000 }));
