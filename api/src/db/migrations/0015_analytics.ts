import { sql, type Kysely } from "kysely";

/** The read-only Postgres role of analysts (cluster-wide, like every role). */
export const ANALYST_ROLE = "analyst";

/**
 * The current stake positions from `chain.stake_position`, for the analytics views. A SQL function
 * body is looked up when a query runs, so the views record no dependency on Ponder's views, which
 * Ponder drops and recreates (without CASCADE) whenever it switches to a new schema. STABLE and
 * SECURITY INVOKER, so the planner inlines it and the reader's own SELECT on `chain` applies.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function stakePositionReader(db: Kysely<any>) {
  await sql`SET LOCAL check_function_bodies = off`.execute(db);
  await sql`
    CREATE FUNCTION app.chain_stake_position()
    RETURNS TABLE (wallet text, node text, status text, total_staked numeric, first_staked_at timestamptz, last_staked_at timestamptz)
    LANGUAGE sql STABLE AS $$
      SELECT wallet::text, node::text, status::text, total_staked::numeric, first_staked_at, last_staked_at FROM chain.stake_position
    $$
  `.execute(db);
  await sql`RESET check_function_bodies`.execute(db);
}

/**
 * The `analytics` schema: views of the off-chain facts analysts need, joined with the chain where
 * they say so, leaving out secrets and personal data (emails, password and code hashes, TOTP secrets,
 * nonces, sessions, IP addresses, free-text notes). Incentives carry the paid state the API's payment
 * matcher copied from `chain.reward_payment`; node days carry the node monitor's counters and decisions.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function analyticsViews(db: Kysely<any>) {
  await sql`CREATE SCHEMA analytics`.execute(db);
  await sql`
    CREATE VIEW analytics.nodes AS
    SELECT n.id, n.wallet_address AS wallet, o.user_role AS owner_role, n.name, n.node_address, n.oracle_address,
      n.status, n.provider, n.other_provider, n.os, n.ram AS ram_gb, n.storage AS storage_gb, n.network,
      n.created_at, n.updated_at,
      (SELECT min(h.created_at) FROM app.node_status_history AS h WHERE h.node_id = n.id AND h.to_status = 'Approved') AS approved_at,
      p.status AS stake_status, coalesce(p.total_staked, 0) AS staked_wei, p.first_staked_at, p.last_staked_at
    FROM app.node AS n
    JOIN app.operator AS o ON o.id = n.operator_id
    LEFT JOIN app.chain_stake_position() AS p ON p.wallet = n.wallet_address AND p.node = n.node_address
  `.execute(db);
  await sql`
    CREATE VIEW analytics.incentives AS
    SELECT i.id, i.wallet, i.node AS node_address, n.id AS node_id, i.date, (i.date - interval '1 month')::date AS accrued_month,
      i.date_key, i.type, i.token AS amount_wei, i.percentage, i.staked_days, i.accrued_days, i.inactive_count,
      i.status, i.paid_at, i.paid_tx, i.paid_amount AS paid_amount_wei, i.created_at
    FROM app.incentive AS i
    LEFT JOIN app.node AS n ON n.node_address = i.node
  `.execute(db);
  await sql`
    CREATE VIEW analytics.requests AS
    SELECT r.id, r.node_id, o.wallet_address AS wallet, n.node_address, r.status, r.created_at, r.updated_at
    FROM app.request AS r
    JOIN app.operator AS o ON o.id = r.operator_id
    JOIN app.node AS n ON n.id = r.node_id
  `.execute(db);
  await sql`
    CREATE VIEW analytics.jobs AS
    SELECT j.id, j.node_id, o.wallet_address AS wallet, c.category_name AS category, j.name, j.network,
      j.job_provider, j.index_pair, j.contract_address, j.cost, j.status, j.job_status, j.created_at, j.updated_at
    FROM app.job AS j
    JOIN app.operator AS o ON o.id = j.operator_id
    JOIN app.job_category AS c ON c.id = j.category_id
  `.execute(db);
  await sql`
    CREATE VIEW analytics.node_days AS
    SELECT d.node_id, d.day, coalesce(p.probes, 0) AS probes, coalesce(p.successes, 0) AS answered,
      r.value AS uptime, (i.node_id IS NOT NULL) AS inactive
    FROM (
      SELECT node_id, day FROM app.node_probe_day
      UNION SELECT node_id, day FROM app.node_reputation
      UNION SELECT node_id, day FROM app.node_inactive_date
    ) AS d
    LEFT JOIN app.node_probe_day AS p ON p.node_id = d.node_id AND p.day = d.day
    LEFT JOIN app.node_reputation AS r ON r.node_id = d.node_id AND r.day = d.day
    LEFT JOIN app.node_inactive_date AS i ON i.node_id = d.node_id AND i.day = d.day
  `.execute(db);
}

/**
 * The analysts' role (issue 12): `analyst`, created without login (the API's start-up step,
 * db/analyst-access.ts, sets its password from ANALYST_PASSWORD and its access to `chain`), with
 * USAGE and SELECT on the `analytics` views, also on those later migrations add. It reads no `app`
 * table: views run with their owner's rights. Several databases of one server may migrate at once,
 * so an existing role is taken as it is.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const role = sql.id(ANALYST_ROLE);
  await sql`
    DO $$ BEGIN
      CREATE ROLE ${role} NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$
  `.execute(db);
  await stakePositionReader(db);
  await analyticsViews(db);
  await sql`GRANT USAGE ON SCHEMA analytics TO ${role}`.execute(db);
  await sql`GRANT SELECT ON ALL TABLES IN SCHEMA analytics TO ${role}`.execute(db);
  await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA analytics GRANT SELECT ON TABLES TO ${role}`.execute(db);
}

/** Drops the views and this database's grants; the role stays, as other databases of the server may use it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const role = sql.id(ANALYST_ROLE);
  await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA analytics REVOKE SELECT ON TABLES FROM ${role}`.execute(db);
  await sql`DROP SCHEMA analytics CASCADE`.execute(db);
  await sql`DROP FUNCTION app.chain_stake_position()`.execute(db);
}
