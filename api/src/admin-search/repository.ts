import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import type { AdminSearchHit, SearchTerm } from "./schema.ts";

const HIT_LIMIT = 20;

/**
 * The records a term names, each an exact match on an indexed column: an operator's wallet (unique) or email (trigram
 * index, which answers equality), a node's node address or IP (unique) or owner wallet ((wallet_address, node_address)
 * index), a stake event's transaction (tx index) and an incentive's payment transaction (paid_tx index).
 */
export async function searchRecords(db: Db, term: SearchTerm): Promise<AdminSearchHit[]> {
  const operators = (column: "wallet_address" | "email", values: string[]) =>
    db
      .selectFrom("app.operator")
      .select(["wallet_address", "email"])
      .where(column, "in", values)
      .limit(HIT_LIMIT)
      .execute()
      .then((rows) =>
        rows.map((row): AdminSearchHit => ({
          kind: "operator",
          id: row.wallet_address,
          title: row.email ?? row.wallet_address,
          detail: row.wallet_address,
        })),
      );
  const nodes = (column: "node_address" | "ipaddress" | "wallet_address", value: string) =>
    db
      .selectFrom("app.node")
      .select(["id", "node_address", "name", "ipaddress"])
      .where(column, "=", value)
      .limit(HIT_LIMIT)
      .execute()
      .then((rows) =>
        rows.map((row): AdminSearchHit => ({
          kind: "node",
          id: row.id,
          title: row.name,
          detail: `${row.node_address} · ${row.ipaddress}`,
        })),
      );
  switch (term.kind) {
    case "address":
      return (
        await Promise.all([
          operators("wallet_address", [term.value]),
          nodes("node_address", term.value),
          nodes("wallet_address", term.value),
        ])
      ).flat();
    case "email":
      return operators("email", [...new Set([term.value, term.value.toLowerCase()])]);
    case "ip":
      return nodes("ipaddress", term.value);
    case "txHash": {
      const [events, incentives] = await Promise.all([
        db
          .selectFrom("chain.stake_event")
          .select(["wallet", "node", "kind"])
          .where("tx_hash", "=", term.value)
          .limit(HIT_LIMIT)
          .execute(),
        db
          .selectFrom("app.incentive")
          .select(["id", "wallet", "node", sql<string>`date::text`.as("date")])
          .where("paid_tx", "=", term.value)
          .limit(HIT_LIMIT)
          .execute(),
      ]);
      return [
        ...events.map((row): AdminSearchHit => ({
          kind: "stake",
          id: `${row.wallet}-${row.node}`,
          title: `Stake of ${row.wallet}`,
          detail: `${row.kind} on node ${row.node}`,
        })),
        ...incentives.map((row): AdminSearchHit => ({
          kind: "incentive",
          id: row.id,
          title: `Incentive of ${row.wallet}`,
          detail: `${row.date} on node ${row.node}`,
        })),
      ];
    }
  }
}
