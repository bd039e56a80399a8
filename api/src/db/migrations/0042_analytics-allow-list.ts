import { sql, type Kysely } from "kysely";

/**
 * The keys of an audit record's before and after that analysts may read, at any depth: ids, statuses, amounts,
 * counts, dates, flags and the settings' figures. Anything else (emails, names, wallets, IP addresses, notes, job
 * sources, passkey names, whatever a later action records) is left out until it is named here: an allow-list, where
 * the first view's deny-list of top-level keys let a deleted job's operator email, wallet and node IP through inside
 * `before`.
 */
export const AUDIT_ANALYTICS_KEYS = [
  "_id",
  "id",
  "status",
  "jobStatus",
  "categoryName",
  "network",
  "indexPair",
  "contractAddress",
  "cost",
  "date",
  "updatedAt",
  "nodeId",
  "nodeSettingID",
  "disabled",
  "emailCodeFallback",
  "added",
  "alreadyInvited",
  "incentiveIds",
  "total",
  "batches",
  "paid",
  "multiplyOf",
  "incentivePercentage",
  "minimumStake",
  "maximumStake",
  "minStake",
  "maxStake",
  "totalStake",
  "amount",
  "deposits",
  "type",
  "token",
  "percentage",
  "node",
  "date_key",
  "staked_days",
  "accrued_days",
  "inactive_count",
  "paid_at",
  "paid_tx",
  "paid_amount",
  "created_at",
] as const;

/**
 * `analytics.audit_records` with before and after cut down to AUDIT_ANALYTICS_KEYS (app.audit_analytics_values walks
 * objects and arrays); the other columns as before. Analysts have no USAGE on `app`, where the function calls itself:
 * it runs as its owner (SECURITY DEFINER, a pure function of its argument, with a fixed search path).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const keys = sql.join(AUDIT_ANALYTICS_KEYS.map((key) => sql.lit(key)));
  await sql`
    CREATE FUNCTION app.audit_analytics_values(value jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    BEGIN
      RETURN CASE jsonb_typeof(value)
        WHEN 'object' THEN (
          SELECT coalesce(jsonb_object_agg(entry.key, app.audit_analytics_values(entry.value)), '{}'::jsonb)
          FROM jsonb_each(value) AS entry
          WHERE entry.key = ANY (ARRAY[${keys}]::text[])
        )
        WHEN 'array' THEN (
          SELECT coalesce(jsonb_agg(app.audit_analytics_values(item.value) ORDER BY item.n), '[]'::jsonb)
          FROM jsonb_array_elements(value) WITH ORDINALITY AS item(value, n)
        )
        ELSE value
      END;
    END
    $$
  `.execute(db);
  await sql`
    CREATE OR REPLACE VIEW analytics.audit_records AS
    SELECT id, admin_id, occurred_at, action, record_type, record_id,
      CASE WHEN jsonb_typeof(before) IN ('object', 'array') THEN app.audit_analytics_values(before) END AS before,
      CASE WHEN jsonb_typeof(after) IN ('object', 'array') THEN app.audit_analytics_values(after) END AS after,
      tx_hash AS tx
    FROM app.audit_record
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const withoutPersonalKeys = (column: "before" | "after") =>
    sql.raw(
      `CASE WHEN jsonb_typeof(${column}) = 'object' THEN ${column} - ARRAY['email', 'adminNotes', 'notes'] ELSE ${column} END AS ${column}`,
    );
  await sql`
    CREATE OR REPLACE VIEW analytics.audit_records AS
    SELECT id, admin_id, occurred_at, action, record_type, record_id,
      ${withoutPersonalKeys("before")}, ${withoutPersonalKeys("after")},
      tx_hash AS tx
    FROM app.audit_record
  `.execute(db);
  await sql`DROP FUNCTION app.audit_analytics_values(jsonb)`.execute(db);
}
