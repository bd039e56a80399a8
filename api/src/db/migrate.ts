import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { Db } from "./database.ts";
import * as appSchema from "./migrations/2026-11-21T10-00-00_app-schema.ts";
import * as accountsAndRpc from "./migrations/2026-11-21T12-00-00_accounts-and-rpc.ts";
import * as sessions from "./migrations/2026-11-23T09-00-00_sessions.ts";
import * as nodes from "./migrations/2026-11-23T10-00-00_nodes.ts";
import * as nodeProbes from "./migrations/2026-11-23T11-00-00_node-probes.ts";
import * as nodeListIndexes from "./migrations/2026-11-23T12-00-00_node-list-indexes.ts";
import * as jobs from "./migrations/2026-11-23T13-00-00_jobs.ts";
import * as requests from "./migrations/2026-11-23T14-00-00_requests.ts";
import * as nodeStatusCounts from "./migrations/2026-11-23T15-00-00_node-status-counts.ts";
import * as nodeSearchText from "./migrations/2026-11-23T16-00-00_node-search-text.ts";
import * as nodeNameSearch from "./migrations/2026-11-23T16-30-00_node-name-search.ts";
import * as incentives from "./migrations/2026-11-23T17-00-00_incentives.ts";
import * as incentiveStatusIndexes from "./migrations/2026-11-23T17-30-00_incentive-status-indexes.ts";
import * as reviewNotifications from "./migrations/2026-11-23T19-30-00_review-notifications.ts";
import * as alerts from "./migrations/2026-11-23T20-10-00_alerts.ts";
import * as tickets from "./migrations/2026-11-23T20-20-00_tickets.ts";
import * as adminPasskeys from "./migrations/2026-11-23T21-00-00_admin-passkeys.ts";
import * as analytics from "./migrations/2026-11-24T09-00-00_analytics.ts";
import * as ticketNotifications from "./migrations/2026-11-25T10-00-00_ticket-notifications.ts";
import * as answerInvalidation from "./migrations/2026-11-26T10-00-00_answer-invalidation.ts";
import * as stakeLimitsFromChain from "./migrations/2026-11-27T10-00-00_stake-limits-from-chain.ts";
import * as uploadQuota from "./migrations/2026-11-27T11-40-00_upload-quota.ts";
import * as blindSignIn from "./migrations/2026-11-27T12-00-00_blind-sign-in.ts";
import * as trustedAnnouncements from "./migrations/2026-11-27T18-00-00_trusted-announcements.ts";
import * as stakeRequestName from "./migrations/2026-11-28T09-00-00_stake-request-name.ts";
import * as mailOutbox from "./migrations/2026-11-28T10-00-00_mail-outbox.ts";
import * as audit from "./migrations/2026-11-29T10-00-00_audit.ts";
import * as settingAnnouncements from "./migrations/2026-11-29T11-00-00_setting-announcements.ts";
import * as auditTxHash from "./migrations/2026-11-30T09-00-00_audit-tx-hash.ts";
import * as operatorSignIn from "./migrations/2026-11-30T11-00-00_operator-sign-in.ts";
import * as nodeSearchTable from "./migrations/2026-12-01T09-00-00_node-search-table.ts";
import * as incentiveExportLine from "./migrations/2026-12-02T09-00-00_incentive-export-line.ts";
import * as incentiveNewestOnExportIndex from "./migrations/2026-12-03T10-30-00_incentive-newest-on-export-index.ts";
import * as nodeChecks from "./migrations/2026-12-04T09-00-00_node-checks.ts";
import * as feedPrice from "./migrations/2026-12-05T13-00-00_feed-price.ts";
import * as operatorPublicNames from "./migrations/2026-12-05T14-00-00_operator-public-names.ts";
import * as webhooks from "./migrations/2026-12-05T14-20-00_webhooks.ts";
import * as webhookName from "./migrations/2026-12-12T16-05-00_webhook-name.ts";
import * as nodeCheckDays from "./migrations/2026-12-13T16-50-00_node-check-days.ts";
import * as blindPasskeyChallenge from "./migrations/2026-12-14T09-00-00_blind-passkey-challenge.ts";
import * as webhookDeliveryIndexes from "./migrations/2026-12-14T10-00-00_webhook-delivery-indexes.ts";
import * as analyticsAllowList from "./migrations/2026-12-14T11-00-00_analytics-allow-list.ts";

/** Every migration, in order. A new migration is a new timestamp-named file added here. */
const MIGRATIONS: Record<string, Migration> = {
  "2026-11-21T10-00-00_app-schema": appSchema,
  "2026-11-21T12-00-00_accounts-and-rpc": accountsAndRpc,
  "2026-11-23T09-00-00_sessions": sessions,
  "2026-11-23T10-00-00_nodes": nodes,
  "2026-11-23T11-00-00_node-probes": nodeProbes,
  "2026-11-23T12-00-00_node-list-indexes": nodeListIndexes,
  "2026-11-23T13-00-00_jobs": jobs,
  "2026-11-23T14-00-00_requests": requests,
  "2026-11-23T15-00-00_node-status-counts": nodeStatusCounts,
  "2026-11-23T16-00-00_node-search-text": nodeSearchText,
  "2026-11-23T16-30-00_node-name-search": nodeNameSearch,
  "2026-11-23T17-00-00_incentives": incentives,
  "2026-11-23T17-30-00_incentive-status-indexes": incentiveStatusIndexes,
  "2026-11-23T19-30-00_review-notifications": reviewNotifications,
  "2026-11-23T20-10-00_alerts": alerts,
  "2026-11-23T20-20-00_tickets": tickets,
  "2026-11-23T21-00-00_admin-passkeys": adminPasskeys,
  "2026-11-24T09-00-00_analytics": analytics,
  "2026-11-25T10-00-00_ticket-notifications": ticketNotifications,
  "2026-11-26T10-00-00_answer-invalidation": answerInvalidation,
  "2026-11-27T10-00-00_stake-limits-from-chain": stakeLimitsFromChain,
  "2026-11-27T11-40-00_upload-quota": uploadQuota,
  "2026-11-27T12-00-00_blind-sign-in": blindSignIn,
  "2026-11-27T18-00-00_trusted-announcements": trustedAnnouncements,
  "2026-11-28T09-00-00_stake-request-name": stakeRequestName,
  "2026-11-28T10-00-00_mail-outbox": mailOutbox,
  "2026-11-29T10-00-00_audit": audit,
  "2026-11-29T11-00-00_setting-announcements": settingAnnouncements,
  "2026-11-30T09-00-00_audit-tx-hash": auditTxHash,
  "2026-11-30T11-00-00_operator-sign-in": operatorSignIn,
  "2026-12-01T09-00-00_node-search-table": nodeSearchTable,
  "2026-12-02T09-00-00_incentive-export-line": incentiveExportLine,
  "2026-12-03T10-30-00_incentive-newest-on-export-index": incentiveNewestOnExportIndex,
  "2026-12-04T09-00-00_node-checks": nodeChecks,
  "2026-12-05T13-00-00_feed-price": feedPrice,
  "2026-12-05T14-00-00_operator-public-names": operatorPublicNames,
  "2026-12-05T14-20-00_webhooks": webhooks,
  "2026-12-12T16-05-00_webhook-name": webhookName,
  "2026-12-13T16-50-00_node-check-days": nodeCheckDays,
  "2026-12-14T09-00-00_blind-passkey-challenge": blindPasskeyChallenge,
  "2026-12-14T10-00-00_webhook-delivery-indexes": webhookDeliveryIndexes,
  "2026-12-14T11-00-00_analytics-allow-list": analyticsAllowList,
};

/** The names of every migration this version of the portal knows, in order. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

/**
 * Brings the `app` schema up to date, or only up to the migrations named in `only` (a restore first
 * rebuilds the schema its backup was taken at); throws with the failing migration's name.
 */
export async function migrateToLatest(db: Db, only?: readonly string[]): Promise<string[]> {
  const chosen = only
    ? Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => only.includes(name)))
    : MIGRATIONS;
  const provider: MigrationProvider = { getMigrations: async () => chosen };
  // Features land in parallel: a migration named before one a database already ran is still applied.
  const migrator = new Migrator({ db, provider, migrationTableSchema: "app", allowUnorderedMigrations: true });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return results.map((result) => result.migrationName);
}
