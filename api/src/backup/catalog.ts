import pg from "pg";
import { currentMigrationName } from "../db/migration-renames.ts";
import { MESSAGES, MIGRATOR_TABLES } from "./schema.ts";

/** A connected client of DATABASE_URL; a database that cannot be reached throws a message saying so. */
export async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(MESSAGES.unreachable(error instanceof Error ? error.message : String(error)));
  }
  return client;
}

export interface AppTable {
  name: string;
  /** The columns a row is written with: generated columns are left out (Postgres computes them). */
  columns: string[];
}

/**
 * The `app` schema's tables (not the migrator's own), each after every table its foreign keys point
 * at, so they load one by one with the keys checked; ties are broken by name for a stable archive.
 */
export async function appTables(client: pg.ClientBase): Promise<AppTable[]> {
  const { rows } = await client.query<{ name: string; columns: string[]; refs: string[] }>(
    `SELECT c.relname AS name,
            (SELECT array_agg(a.attname::text ORDER BY a.attnum) FROM pg_attribute a
              WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns,
            COALESCE((SELECT array_agg(DISTINCT r.relname::text) FROM pg_constraint k JOIN pg_class r ON r.oid = k.confrelid
              WHERE k.conrelid = c.oid AND k.contype = 'f' AND r.oid <> c.oid AND r.relnamespace = c.relnamespace), '{}') AS refs
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'app' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> ALL($1)
      ORDER BY c.relname`,
    [MIGRATOR_TABLES],
  );
  const pending = new Map(rows.map((row) => [row.name, row]));
  const ordered: AppTable[] = [];
  while (pending.size > 0) {
    const ready = [...pending.values()].filter((row) => row.refs.every((ref) => !pending.has(ref)));
    if (ready.length === 0)
      throw new Error(`The app tables' foreign keys form a cycle: ${[...pending.keys()].join(", ")}`);
    for (const row of ready) {
      ordered.push({ name: row.name, columns: row.columns });
      pending.delete(row.name);
    }
  }
  return ordered;
}

/** The `app` schema's sequences (serial and identity columns) with their current positions. */
export async function appSequences(client: pg.ClientBase) {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'app' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  const sequences: { name: string; lastValue: string; isCalled: boolean }[] = [];
  for (const { name } of rows) {
    const { rows: state } = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM app.${quote(name)}`,
    );
    sequences.push({ name, lastValue: state[0]!.last_value, isCalled: state[0]!.is_called });
  }
  return sequences;
}

/**
 * The names of the migrations the database has run, by their current names (one still recorded under a name from
 * before the numbering reads as its number) in their order, or null when it has no `app` schema yet.
 */
export async function appliedMigrations(client: pg.ClientBase): Promise<string[] | null> {
  const { rows } = await client.query<{ found: string | null }>(
    `SELECT to_regclass('app.kysely_migration')::text AS found`,
  );
  if (!rows[0]?.found) return null;
  const applied = await client.query<{ name: string }>(`SELECT name FROM app.kysely_migration ORDER BY name`);
  return [...new Set(applied.rows.map((row) => currentMigrationName(row.name)))].sort();
}

/** A Postgres identifier, quoted. */
export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `app."table"`, quoted. */
export const appTable = (name: string) => `app.${quote(name)}`;
