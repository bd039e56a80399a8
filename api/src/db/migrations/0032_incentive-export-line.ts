import { sql, type Kysely } from "kysely";

/**
 * Each incentive's line of the CSV export (spec 2's columns, without the CRLF), stored with the row as a generated
 * column: Postgres computes it on every insert and on every update of the row (paid, its hash, date, token), so the
 * export only reads lines instead of formatting a million rows on every download (that formatting was most of the
 * export's time). The functions write each cell as csvCell does: a text starting with = + - @ (tab, CR) gets a
 * leading apostrophe, a cell holding a comma, quote or line break is quoted with its quotes doubled, no value is an
 * empty cell; the token in PLI as pliText writes it (every digit, trailing zeros trimmed) and the days as DD-MM-YYYY
 * (UTC). A generated column cannot read another (status), so the line states status's rule itself; the line is one
 * plpgsql function (about 10 µs a row), a nest of SQL functions took three times longer.
 *
 * The export reads the lines in list order from an index that holds them (incentive_export_idx), without visiting
 * the table: an index scan fetched each row from the table's page of its own (rows are not stored in list order),
 * which was most of what was left. That needs the table's visibility map, kept by autovacuum: it looks at the table
 * after a hundredth of its rows were added or changed (a month's accrual or payout), not a fifth.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION app.csv_cell(value text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    DECLARE
      guarded text := CASE WHEN ascii(value) IN (61, 43, 45, 64, 9, 13) THEN '''' || value ELSE value END;
    BEGIN
      IF guarded ~ '[",\\r\\n]' THEN
        RETURN '"' || replace(guarded, '"', '""') || '"';
      END IF;
      RETURN coalesce(guarded, '');
    END $$
  `.execute(db);
  await sql`
    CREATE FUNCTION app.pli_text(wei numeric) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT trim_scale(wei * 0.000000000000000001)::text
    $$
  `.execute(db);
  await sql`
    CREATE FUNCTION app.incentive_export_line(
      wallet text, node text, token numeric, type text, paid_tx text, paid_at timestamptz, created_at timestamptz
    ) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    BEGIN
      RETURN app.csv_cell(wallet) || ',' || app.csv_cell(lower(wallet) || '-' || lower(node)) || ','
        || CASE WHEN paid_tx IS NULL THEN 'UnPaid' ELSE 'Paid' END || ',' || app.pli_text(token) || ','
        || app.csv_cell(type) || ',' || app.csv_cell(paid_tx) || ','
        || coalesce(to_char(paid_at AT TIME ZONE 'UTC', 'DD-MM-YYYY'), '') || ','
        || coalesce(to_char(created_at AT TIME ZONE 'UTC', 'DD-MM-YYYY'), '');
    END $$
  `.execute(db);
  await sql`
    ALTER TABLE app.incentive ADD COLUMN export_line text NOT NULL
      GENERATED ALWAYS AS (app.incentive_export_line(wallet, node, token, type, paid_tx, paid_at, created_at)) STORED
  `.execute(db);
  await sql`CREATE INDEX incentive_export_idx ON app.incentive (date DESC, id) INCLUDE (export_line)`.execute(db);
  await sql`
    ALTER TABLE app.incentive SET (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_scale_factor = 0.01)
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app.incentive RESET (autovacuum_vacuum_insert_scale_factor, autovacuum_vacuum_scale_factor)`.execute(
    db,
  );
  await sql`ALTER TABLE app.incentive DROP COLUMN export_line`.execute(db);
  await sql`
    DROP FUNCTION app.incentive_export_line(text, text, numeric, text, text, timestamptz, timestamptz),
      app.csv_cell(text), app.pli_text(numeric)
  `.execute(db);
}
