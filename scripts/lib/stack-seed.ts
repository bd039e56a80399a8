import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { createPublicClient, http } from "viem";
import type { Deployment } from "@pli/abis";
import { provisionAdmin } from "@pli/api/admin";
import { USER_ROLE } from "@pli/api/public-contract/domain";
import { createDb, type Db } from "@pli/api/db/database";
import { applyAnalystAccess } from "@pli/api/db/analyst-access";
import { migrateDatabase } from "@pli/api/db/roles";
import { accrueIncentives } from "@pli/api/incentive";
import { ensureDefaultSettings } from "@pli/api/setting";
import { upsertDirectoryEntry } from "@pli/api/validator-check";
import { DEMO_ADMIN_FILE } from "./data-files.ts";
import { seedDemoHistory } from "./demo-history.ts";
import { devAccount } from "./dev-accounts.ts";
import type { PortalDatabase } from "./stack-database.ts";

export interface DemoAccounts {
  admin: { email: string; password: string };
  validatorEmail: string;
  standbyEmail: string;
}

type Log = (service: string, line: string) => void;

/** Runs `work` on a short-lived connection pool of the stack's database. */
async function withDb<T>(databaseUrl: string, work: (db: Db) => Promise<T>): Promise<T> {
  const db = createDb(databaseUrl, 2);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Migrations and the analysts' access (as the owner role), then default settings, and on the stack's own chain also
 * the demo accounts and (on a new chain) months of demo history (as the API's role, as the API would write them).
 */
export async function prepareDatabase(options: {
  database: PortalDatabase;
  dataDir: string;
  analystPassword?: string;
  demo: false | { history: false } | { history: true; rpcUrl: string; deployment: Deployment; now: Date };
  log: Log;
}): Promise<DemoAccounts | undefined> {
  const { demo, log } = options;
  log("api", "running migrations");
  await withDb(options.database.owner, async (owner) => {
    await migrateDatabase(owner);
    await applyAnalystAccess(owner, options.analystPassword);
  });
  return withDb(options.database.api, async (db) => {
    await ensureDefaultSettings(db);
    if (!demo) return undefined;
    const accounts = await seedDemoAccounts(db, options.dataDir);
    if (demo.history) {
      log("anvil", "seeding months of demo history");
      const { payouts } = await seedDemoHistory({
        db,
        rpcUrl: demo.rpcUrl,
        deployment: demo.deployment,
        now: demo.now,
      });
      log("anvil", `demo history seeded: stakes, a top-up, inactive days and ${payouts} incentive payouts`);
    }
    return accounts;
  });
}

/** The demo wallets in the validator directory and one admin, created once and remembered. */
async function seedDemoAccounts(db: Db, dataDir: string): Promise<DemoAccounts> {
  const validatorEmail = "validator@pli.local";
  const standbyEmail = "standby@pli.local";
  await upsertDirectoryEntry(db, {
    walletAddress: devAccount("validator").address,
    email: validatorEmail,
    userRole: USER_ROLE.validator,
  });
  await upsertDirectoryEntry(db, {
    walletAddress: devAccount("standby").address,
    email: standbyEmail,
    userRole: USER_ROLE.standby,
  });
  const file = path.join(dataDir, DEMO_ADMIN_FILE);
  if (!existsSync(file)) {
    const { admin, password } = await provisionAdmin(db, { email: "admin@pli.local", name: "Demo Admin" });
    writeFileSync(file, JSON.stringify({ email: admin.email, password }), { mode: 0o600 });
  }
  const admin = JSON.parse(readFileSync(file, "utf8")) as DemoAccounts["admin"];
  return { admin, validatorEmail, standbyEmail };
}

/**
 * The API's accrual over the demo history, once the indexer has it: the incentive rows, the first months' matched to
 * their payouts.
 */
export async function accrueDemoHistory(databaseUrl: string, rpcUrl: string, log: Log) {
  await withDb(databaseUrl, async (db) => {
    const { accrued } = await accrueIncentives(
      { db, chain: createPublicClient({ transport: http(rpcUrl) }) },
      new Date(),
    );
    log("api", `demo incentives accrued for ${accrued.map((month) => month.month).join(", ") || "no month"}`);
  });
}

/**
 * A fresh chain reuses the chain id and often the contract addresses of the last one, so Ponder would
 * resume rows and cached logs of a chain that no longer exists: drop its schemas before redeploying.
 */
export async function dropIndexedData(databaseUrl: string): Promise<void> {
  await withDb(databaseUrl, async (db) => {
    const { rows } = await sql<{
      name: string;
    }>`SELECT nspname AS name FROM pg_namespace WHERE nspname = 'chain' OR nspname LIKE 'ponder%'`.execute(db);
    for (const { name } of rows) await sql`DROP SCHEMA ${sql.id(name)} CASCADE`.execute(db);
  });
}
