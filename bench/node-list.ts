/**
 * The admin's node lists under load: 20,000 nodes over 10,000 operators seeded in an embedded Postgres (and the
 * monitor's record of the monitored ones at the 15-minute interval, bench/lib/seed-checks.ts: their day counts of the
 * last 30 days and the checks of the window's first day and the last 24 hours, what each row's health columns read),
 * the API started as in production (api/src/server.ts compiled, its own process, @hono/node-server) and hit by
 * autocannon with 50 keep-alive connections. Cases: `GET /api/nodesetting` (an admin sees every node)
 * and `POST /api/nodesetting/filterlist` for each tab (what the admin's Node Requests page sends: the
 * tab's page and every tab's count), each without and with a search term; next to a bare Hono route
 * served the same way, first and last (the floor of the machine at that moment). Prints p50, p99 and
 * requests per second per case, and the load average. Target: p99 <= 25 ms. `npm run bench:nodes`
 * (SCALE=10: ten times the data, 200,000 nodes; DURATION=seconds per case, SEARCH=comma-separated terms, WRITES_PER_S=writes a second during each case; PROFILE_DIR
 * and HOLD: see bench/lib/stand.ts).
 */
import { API, NODE_TABS } from "@pli/api/public-contract";
import { jsonHeaders, loadOptionsFromEnv, runLoad, type LoadCase } from "./lib/load.ts";
import { seedChecks } from "./lib/seed-checks.ts";
import { seedNodes } from "./lib/seed-nodes.ts";
import { sizeOf } from "./lib/scale.ts";
import { withStand } from "./lib/stand.ts";

const OPERATORS = sizeOf("OPERATORS", 10_000);
const NODES = sizeOf("NODES", 20_000);
const SEARCH = (process.env.SEARCH ?? "operator42,contabo").split(",").filter(Boolean);

await withStand(
  "nodes",
  async (databaseUrl) => ({
    ...(await seedNodes(databaseUrl, { operators: OPERATORS, nodes: NODES })),
    ...(await seedChecks(databaseUrl)),
  }),
  async ({ api, bare, adminToken, pids, write, plans }) => {
    const headers = jsonHeaders(adminToken);
    const query = (q: string) => (q ? `?q=${encodeURIComponent(q)}` : "");
    const bareCase: LoadCase = { name: "bare Hono GET /", url: bare, method: "GET", target: false };
    const cases: LoadCase[] = [bareCase];
    for (const q of ["", ...SEARCH]) {
      const label = q ? ` q=${q}` : "";
      cases.push({
        name: `GET nodesetting${label}`,
        url: `${api}${API.node.root}${query(q)}`,
        method: "GET",
        headers,
        target: true,
      });
      for (const tab of NODE_TABS) {
        cases.push({
          name: `filterlist ${tab}${label}`,
          url: `${api}${API.node.filterList}${query(q)}`,
          method: "POST",
          body: JSON.stringify({ status: tab }),
          headers,
          target: true,
        });
      }
    }
    cases.push(bareCase);
    await runLoad(cases, { ...loadOptionsFromEnv(), pids, write, plans });
  },
);
