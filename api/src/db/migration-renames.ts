import { sql } from "kysely";
import type { Db } from "./database.ts";

/**
 * The names the migrations had before they were numbered (dated names, which let a migration run in two orders),
 * mapped to their numbered names. A database migrated under the old names, and an archive taken of one, are read
 * through this map: the rows of app.kysely_migration are renamed once, and nothing runs again. Never edited: a new
 * migration only ever has a numbered name.
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  "2026-11-21T10-00-00_app-schema": "0001_app-schema",
  "2026-11-21T12-00-00_accounts-and-rpc": "0002_accounts-and-rpc",
  "2026-11-23T09-00-00_sessions": "0003_sessions",
  "2026-11-23T10-00-00_nodes": "0004_nodes",
  "2026-11-23T11-00-00_node-probes": "0005_node-probes",
  "2026-11-23T12-00-00_node-list-indexes": "0006_node-list-indexes",
  "2026-11-23T13-00-00_jobs": "0007_jobs",
  "2026-11-23T15-00-00_node-status-counts": "0008_node-status-counts",
  "2026-11-23T14-00-00_requests": "0009_requests",
  "2026-11-23T17-00-00_incentives": "0010_incentives",
  "2026-11-23T19-30-00_review-notifications": "0011_review-notifications",
  "2026-11-23T16-00-00_node-search-text": "0012_node-search-text",
  "2026-11-23T16-30-00_node-name-search": "0013_node-name-search",
  "2026-11-23T17-30-00_incentive-status-indexes": "0014_incentive-status-indexes",
  "2026-11-24T09-00-00_analytics": "0015_analytics",
  "2026-11-23T20-10-00_alerts": "0016_alerts",
  "2026-11-23T20-20-00_tickets": "0017_tickets",
  "2026-11-23T21-00-00_admin-passkeys": "0018_admin-passkeys",
  "2026-11-25T10-00-00_ticket-notifications": "0019_ticket-notifications",
  "2026-11-26T10-00-00_answer-invalidation": "0020_answer-invalidation",
  "2026-11-27T11-40-00_upload-quota": "0021_upload-quota",
  "2026-11-27T12-00-00_blind-sign-in": "0022_blind-sign-in",
  "2026-11-27T10-00-00_stake-limits-from-chain": "0023_stake-limits-from-chain",
  "2026-11-27T18-00-00_trusted-announcements": "0024_trusted-announcements",
  "2026-11-28T10-00-00_mail-outbox": "0025_mail-outbox",
  "2026-11-28T09-00-00_stake-request-name": "0026_stake-request-name",
  "2026-11-29T10-00-00_audit": "0027_audit",
  "2026-11-29T11-00-00_setting-announcements": "0028_setting-announcements",
  "2026-11-30T11-00-00_operator-sign-in": "0029_operator-sign-in",
  "2026-11-30T09-00-00_audit-tx-hash": "0030_audit-tx-hash",
  "2026-12-01T09-00-00_node-search-table": "0031_node-search-table",
  "2026-12-02T09-00-00_incentive-export-line": "0032_incentive-export-line",
  "2026-12-03T10-30-00_incentive-newest-on-export-index": "0033_incentive-newest-on-export-index",
  "2026-12-04T09-00-00_node-checks": "0034_node-checks",
  "2026-12-05T13-00-00_feed-price": "0035_feed-price",
  "2026-12-05T14-20-00_webhooks": "0036_webhooks",
  "2026-12-05T14-00-00_operator-public-names": "0037_operator-public-names",
  "2026-12-12T16-05-00_webhook-name": "0038_webhook-name",
  "2026-12-13T16-50-00_node-check-days": "0039_node-check-days",
  "2026-12-14T10-00-00_webhook-delivery-indexes": "0040_webhook-delivery-indexes",
  "2026-12-14T09-00-00_blind-passkey-challenge": "0041_blind-passkey-challenge",
  "2026-12-14T11-00-00_analytics-allow-list": "0042_analytics-allow-list",
};

/** The name a migration has now, for a name a database or an archive recorded under this version or an older one. */
export const currentMigrationName = (name: string): string => RENAMED_MIGRATIONS[name] ?? name;

/** Kysely's own advisory lock key for migrating (kysely's postgres-adapter.js), so renames and runs never overlap. */
const MIGRATOR_LOCK_ID = sql.lit(3853314791062309107n);

/**
 * Gives the rows of app.kysely_migration recorded under old names their numbered names, in one transaction under
 * the migrator's lock. The renamed rows all take the latest of their run times: the migrator checks that the
 * migrations a database ran, by run time and then by name, are the first of its list, and the old names ran in
 * their dated order, not the numbered one. Returns how many rows it renamed.
 */
export async function renameAppliedMigrations(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const found = await sql<{
      found: string | null;
    }>`SELECT to_regclass('app.kysely_migration')::text AS found`.execute(trx);
    if (!found.rows[0]?.found) return 0;
    await sql`SELECT pg_advisory_xact_lock(${MIGRATOR_LOCK_ID})`.execute(trx);
    const mapping = Object.entries(RENAMED_MIGRATIONS);
    const result = await sql`
      WITH mapping (old_name, new_name) AS (
        SELECT * FROM unnest(${mapping.map(([old]) => old)}::text[], ${mapping.map(([, renamed]) => renamed)}::text[])
      ),
      renamed AS (SELECT m.name, mapping.new_name FROM app.kysely_migration AS m JOIN mapping ON mapping.old_name = m.name)
      UPDATE app.kysely_migration AS m
      SET name = renamed.new_name, timestamp = (SELECT max(timestamp) FROM app.kysely_migration WHERE name IN (SELECT name FROM renamed))
      FROM renamed WHERE m.name = renamed.name`.execute(trx);
    return Number(result.numAffectedRows ?? 0n);
  });
}
