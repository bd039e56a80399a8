/**
 * The stake lists under load: 200,000 stake events over 20,000 positions of 10,000 operators (every
 * node staked, 10 events each: a stake, top-ups, and the unlock and unstake of unlocked and withdrawn
 * positions) seeded in an embedded Postgres behind Ponder-shaped `chain.*` views, the API started as
 * in production and hit by autocannon with 50 keep-alive connections. Cases: an operator's
 * `GET /api/stake/transactions` (their events, newest first) without a search, with a transaction hash
 * prefix and with a fragment of one; the admin's `GET /api/stake/` (every position with its events)
 * without a search and by owner email, node name and wallet address; next to a bare Hono route, first,
 * last and between every two cases, and a bare Hono route answering the bytes of the admin's unsearched list
 * (bare-answer.ts), second and second to last. Prints p50, p99, requests per second and CPU time per request per case, the load average, and the
 * API's CPU per request against each floor's. Targets: p99 <= 25 ms; the API's CPU per request at most 2.5 times that
 * of `bare Hono GET /`. `npm run bench:stakes` (SCALE=10: ten times the data, 2,000,000 events over 200,000 positions;
 * DURATION=seconds per case, WRITES_PER_S=writes a second during
 * each case; PROFILE_DIR and
 * HOLD: see bench/lib/stand.ts).
 */
import { API } from "@pli/api/public-contract";
import { sameAnswerCase } from "./lib/bare-answer.ts";
import { jsonHeaders, loadOptionsFromEnv, runLoad, type LoadCase } from "./lib/load.ts";
import { seedStakes } from "./lib/seed-stakes.ts";
import { sizeOf } from "./lib/scale.ts";
import { withStand } from "./lib/stand.ts";

const OPERATORS = sizeOf("OPERATORS", 10_000);
const POSITIONS = sizeOf("POSITIONS", 20_000);
const EVENTS_PER_POSITION = Number(process.env.EVENTS_PER_POSITION ?? 10);

await withStand(
  "stakes",
  (databaseUrl) =>
    seedStakes(databaseUrl, { operators: OPERATORS, nodes: POSITIONS, eventsPerPosition: EVENTS_PER_POSITION }),
  async ({ api, bare, db, adminToken, pids, operatorToken, write, plans }) => {
    const operator = await db
      .selectFrom("app.operator")
      .select(["id", "email", "wallet_address"])
      .where("email", "like", "operator42@%")
      .executeTakeFirstOrThrow();
    const { tx_hash: hash } = await db
      .selectFrom("chain.stake_event")
      .select("tx_hash")
      .where("wallet", "=", operator.wallet_address)
      .orderBy("block_number")
      .executeTakeFirstOrThrow();
    const node = await db
      .selectFrom("app.node")
      .select("name")
      .where("operator_id", "=", operator.id)
      .executeTakeFirstOrThrow();
    const asOperator = jsonHeaders(await operatorToken(operator.id));
    const asAdmin = jsonHeaders(adminToken);
    const query = (q: string) => (q ? `?q=${encodeURIComponent(q)}` : "");
    const bareCase: LoadCase = { name: "bare Hono GET /", url: bare, method: "GET", target: false };
    const transactions = (label: string, q: string): LoadCase => ({
      name: `operator transactions${label}`,
      url: `${api}${API.stake.transactions}${query(q)}`,
      method: "GET",
      headers: asOperator,
      target: true,
    });
    const stakes = (label: string, q: string): LoadCase => ({
      name: `admin stakes${label}`,
      url: `${api}${API.stake.root}${query(q)}`,
      method: "GET",
      headers: asAdmin,
      target: true,
    });
    const adminStakes = stakes("", "");
    const sameAnswer = await sameAnswerCase(bare, adminStakes);
    const targets = [
      transactions("", ""),
      transactions(" q=hash prefix", hash.slice(0, 12)),
      transactions(" q=hash fragment", hash.slice(20, 30)),
      adminStakes,
      stakes(" q=email", operator.email!),
      stakes(" q=node name", node.name),
      stakes(" q=wallet", operator.wallet_address),
    ];
    const cases: LoadCase[] = [
      bareCase,
      sameAnswer,
      ...targets.flatMap((target, i) => (i === 0 ? [target] : [bareCase, target])),
      sameAnswer,
      bareCase,
    ];
    await runLoad(cases, { ...loadOptionsFromEnv(), pids, write, plans });
  },
);
