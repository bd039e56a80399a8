import type { Address } from "viem";
import type { Db } from "@pli/api/db/database";

export interface FixtureIncentive {
  node: Address;
  /** YYYY-MM-DD, a first of the month. */
  date: string;
  token: bigint;
}

/**
 * Two nodes of one operator as the API stores them (with an email, a TOTP secret, IP addresses and notes
 * that analysts must not see), an approval each, a request, a job, two monitored days and `incentives`.
 */
export async function seedOffChainFacts(
  db: Db,
  { wallet, nodes, incentives }: { wallet: Address; nodes: [Address, Address]; incentives: FixtureIncentive[] },
) {
  const walletKey = wallet.toLowerCase();
  const operator = await db
    .insertInto("app.operator")
    .values({
      wallet_address: walletKey,
      email: "analyst-fixture@example.com",
      user_role: "Validator",
      totp_secret: "JBSWY3DPEHPK3PXP",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const node = (n: number, provider: string, other_provider: string | null) => ({
    operator_id: operator.id,
    wallet_address: walletKey,
    name: `Analyst node ${n}`,
    provider,
    other_provider,
    ipaddress: `203.0.113.${n}`,
    os: "Ubuntu 24.04",
    ram: 32,
    storage: 500,
    security: "Firewall",
    oracle_address: nodes[n - 1]!,
    node_address: nodes[n - 1]!,
    status: "Active" as const,
    admin_notes: "private review notes",
  });
  const [a, b] = await db
    .insertInto("app.node")
    .values([node(1, "AWS", null), node(2, "Others", "Hetzner")])
    .returning("id")
    .execute();
  await db
    .insertInto("app.node_status_history")
    .values(
      [a!, b!].map(({ id }) => ({
        node_id: id,
        actor_type: "admin" as const,
        from_status: "Verified" as const,
        to_status: "Approved" as const,
      })),
    )
    .execute();
  await db
    .insertInto("app.stake_request")
    .values({ operator_id: operator.id, node_id: a!.id, status: "Approved" })
    .execute();
  const category = await db
    .selectFrom("app.job_category")
    .select("id")
    .where("category_name", "=", "Price Feed")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("app.job")
    .values({
      node_id: a!.id,
      operator_id: operator.id,
      category_id: category.id,
      name: "XDC/USDT",
      oracle_address: nodes[0],
      job_id: "job-1",
      cost: "0.1",
      job_source: "https://prices.example.com/?key=secret",
      network: "XDC Apothem",
      status: "Approved",
      job_status: "Active",
    })
    .execute();
  const days = ["2026-10-01", "2026-10-02"];
  await db
    .insertInto("app.node_probe_day")
    .values(days.map((day, i) => ({ node_id: a!.id, day, probes: 96, successes: i === 0 ? 90 : 20 })))
    .execute();
  await db
    .insertInto("app.node_reputation")
    .values(days.map((day, i) => ({ node_id: a!.id, day, value: i === 0 ? 90 / 96 : 20 / 96 })))
    .execute();
  await db.insertInto("app.node_inactive_date").values({ node_id: a!.id, day: days[1]! }).execute();
  await db
    .insertInto("app.incentive")
    .values(
      incentives.map(({ node, date, token }) => ({
        wallet: walletKey,
        node: node.toLowerCase(),
        date,
        token,
        inactive_count: 1,
        staked_days: 31,
        accrued_days: 30,
        percentage: "5",
      })),
    )
    .execute();
  return { nodeIds: [a!.id, b!.id] };
}
