import pg from "pg";
import { withIndexesAfter } from "./indexes-after.ts";
import { CHAIN_TABLES, WEI_PER_PLI_SQL } from "./chain-tables.ts";

/** Shares of nodes per status. */
export type StatusMix = readonly (readonly [string, number])[];

/** Share of nodes per status, in twentieths: mostly Active, a real queue of Pending ones, some of each other tab. */
const STATUS_MIX: StatusMix = [
  ["Pending", 4],
  ["Verified", 2],
  ["Return", 2],
  ["Approved", 3],
  ["Active", 7],
  ["De-Active", 2],
];

const statusOf = (i: string, mix: StatusMix) => {
  const total = mix.reduce((sum, [, share]) => sum + share, 0);
  const cases: string[] = [];
  let upTo = 0;
  for (const [status, share] of mix) {
    upTo += share;
    cases.push(`WHEN ${i} % ${total} < ${upTo} THEN '${status}'`);
  }
  return `CASE ${cases.join(" ")} END`;
};

/** A lowercase 0x address unique per (kind, i). */
const address = (kind: number, i: string) => `'0x${kind.toString(16).padStart(2, "0")}' || lpad(to_hex(${i}), 38, '0')`;
const pick = (values: readonly string[], i: string) =>
  `(ARRAY[${values.map((value) => `'${value}'`).join(", ")}])[1 + (${i}) % ${values.length}]`;

export interface SeedCounts {
  operators: number;
  nodes: number;
  byStatus: Record<string, number>;
  stakePositions: number;
  reputationRows: number;
  invites: number;
}

/**
 * Seeds `operators` operators and `nodes` nodes (node i belongs to operator i mod operators) in bulk
 * statements on a migrated database: statuses (by `mix`), providers, OSes and email domains spread evenly, a
 * stake position on the chain for every Active and De-Active node (De-Active ones partly unlocked or
 * withdrawn), 30 days of reputation for every monitored node and every 20th operator invited.
 */
export async function seedNodes(
  databaseUrl: string,
  { operators, nodes, mix = STATUS_MIX }: { operators: number; nodes: number; mix?: StatusMix },
): Promise<SeedCounts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query(CHAIN_TABLES);
    await withIndexesAfter(
      client,
      [
        "app.operator",
        "app.node",
        "app.node_search",
        "app.node_reputation",
        "app.invite",
        "bench_indexer.stake_position",
      ],
      async () => {
        await client.query(
          `INSERT INTO app.operator (wallet_address, email, user_role, twofa_enabled, created_at)
         SELECT ${address(1, "i")}, 'operator' || i || '@' || ${pick(["gmail.com", "yahoo.com", "outlook.com", "protonmail.com", "xinfin.org"], "i")},
                CASE WHEN i % 10 = 0 THEN 'Standby' ELSE 'Validator' END, true, now() - i * interval '30 minutes'
         FROM generate_series(1, $1::int) AS i`,
          [operators],
        );
        await client.query(
          `INSERT INTO app.node (operator_id, wallet_address, name, description, provider, other_provider, ipaddress, os, ram, storage,
                               security, oracle_address, node_address, network, status, admin_notes, created_at, updated_at)
         SELECT o.id, o.wallet_address, 'validator-' || i, 'Plugin node ' || i, p.provider,
                CASE WHEN p.provider = 'Others' THEN ${pick(["Hetzner", "OVHcloud", "DigitalOcean", "Linode"], "i / 6")} END,
                '10.' || (i >> 16) % 256 || '.' || (i >> 8) % 256 || '.' || i % 256,
                ${pick(["Ubuntu 22.04", "Ubuntu 24.04", "Debian 12", "Rocky Linux 9"], "i / 3")}, ${pick(["16", "32", "64"], "i / 2")}::int,
                ${pick(["400", "500", "1000", "2000"], "i / 5")}::int, ${pick(["UFW", "iptables", "Firewall + fail2ban"], "i / 7")},
                ${address(2, "i")}, ${address(3, "i")}, ${pick(["XDC Mainnet", "Apothem"], "i / 11")}, s.status,
                CASE WHEN s.status = 'Return' THEN 'Open port 6688 and resubmit' ELSE '' END,
                now() - i * interval '37 minutes', now() - i * interval '11 minutes'
         FROM generate_series(1, $1::int) AS i
         CROSS JOIN LATERAL (SELECT ${pick(["AWS", "GCP", "Azure", "Vultr", "Contabo", "Others"], "i")} AS provider) AS p
         CROSS JOIN LATERAL (SELECT ${statusOf("i", mix)} AS status) AS s
         JOIN app.operator AS o ON o.wallet_address = ${address(1, "(1 + i % $2::int)")}`,
          [nodes, operators],
        );
        await client.query(
          `INSERT INTO bench_indexer.stake_position (wallet, node, status, total_staked, first_staked_at, last_staked_at, last_stake_tx,
                                                   unlock_tx, unlocked_at, updated_block)
         SELECT n.wallet_address, n.node_address, st.status::bench_indexer.stake_status, (50000 + (row_number() OVER () % 50) * 1000) * ${WEI_PER_PLI_SQL},
                n.created_at + interval '2 days', n.created_at + interval '3 days', '0x' || md5(n.id::text) || md5(n.node_address),
                CASE WHEN st.status <> 'Stake' THEN '0x' || md5(n.node_address) || md5(n.id::text) END,
                CASE WHEN st.status <> 'Stake' THEN n.updated_at END, 1000000 + row_number() OVER ()
         FROM app.node AS n
         CROSS JOIN LATERAL (SELECT CASE WHEN n.status = 'Active' THEN 'Stake' ELSE ${pick(["Stake", "Unlock", "Withdraw"], "hashtext(n.node_address)::int8 + 2147483648")} END AS status) AS st
         WHERE n.status IN ('Active', 'De-Active')`,
        );
        await client.query(
          `INSERT INTO app.node_reputation (node_id, day, value)
         SELECT n.id, d::date, round((0.4 + 0.6 * abs(hashtext(n.id::text || d::text)) / 2147483647.0)::numeric, 2)::float8
         FROM app.node AS n, generate_series(current_date - 30, current_date - 1, interval '1 day') AS d
         WHERE n.status IN ('Approved', 'Active', 'De-Active')`,
        );
        await client.query(
          `INSERT INTO app.invite (email) SELECT lower(email) FROM app.operator WHERE substring(email FROM '^operator(\\d+)@')::int % 20 = 0`,
        );
      },
    );
    await client.query("COMMIT");
    await client.query("VACUUM ANALYZE");
    const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
    const byStatus = Object.fromEntries(
      (
        await client.query<{ status: string; n: string }>(
          "SELECT status, count(*) AS n FROM app.node GROUP BY status ORDER BY status",
        )
      ).rows.map((row) => [row.status, Number(row.n)]),
    );
    return {
      operators: await count("SELECT count(*) AS n FROM app.operator"),
      nodes: await count("SELECT count(*) AS n FROM app.node"),
      byStatus,
      stakePositions: await count("SELECT count(*) AS n FROM chain.stake_position"),
      reputationRows: await count("SELECT count(*) AS n FROM app.node_reputation"),
      invites: await count("SELECT count(*) AS n FROM app.invite"),
    };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
