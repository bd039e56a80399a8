import { sql } from "kysely";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Address, Hex } from "viem";
import { expect } from "vitest";
import { API } from "../src/public-contract/index.ts";
import type { Db } from "../src/db/database.ts";
import type { TestApp } from "./app-fixture.ts";

/** A fixed address of `n` with a two-hex-digit tag, e.g. oracle `0a` and node `0b`. */
export const addressOf = (n: number, tag: string) => `0x${tag}${n.toString(16).padStart(38, "0")}`;

/** A valid node body whose IP and addresses are unique to `n`. */
export const nodeBody = (n: number, extra: Record<string, unknown> = {}) => ({
  name: `Node ${n}`,
  description: "A validator",
  provider: "AWS",
  ipaddress: `10.${Math.floor(n / 65_536) % 256}.${Math.floor(n / 256) % 256}.${n % 256}`,
  os: "Ubuntu 22.04",
  ram: 32,
  storage: 500,
  security: "6.8.0-45",
  oracleAddress: addressOf(n, "0a"),
  nodeAddress: addressOf(n, "0b"),
  ...extra,
});

/** A new validator operator (fresh wallet) with a full session. */
export async function newOperator(t: TestApp, key: Hex = generatePrivateKey()) {
  const { wallet, email } = await t.addValidator(key);
  return { key, wallet, email, address: privateKeyToAccount(key).address, token: await t.operatorToken(key) };
}

/**
 * Renames a node with the database's triggers off for this one transaction (the test database's user
 * may do that): nothing is announced, so only an answer read afresh shows the new name.
 */
export async function renameNodeSilently(db: Db, id: string, name: string) {
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await trx.updateTable("app.node").set({ name }).where("id", "=", id).execute();
  });
}

/** Registers node `n` (Pending) for the operator of `token` through the API: its id and node address. */
export async function registerNode(t: TestApp, token: string, n: number): Promise<{ id: string; node: Address }> {
  const body = nodeBody(n);
  const response = await t.call("POST", API.node.root, { token, body });
  expect(response.status).toBe(201);
  return { id: response.body.data._id as string, node: body.nodeAddress as Address };
}

/** The operator row's id of `wallet` (lowercase 0x). */
export const operatorIdOf = async (db: Db, wallet: string) =>
  (await db.selectFrom("app.operator").select("id").where("wallet_address", "=", wallet).executeTakeFirstOrThrow()).id;
