import { sql, type Kysely } from "kysely";

/**
 * An empty stand-in for one of the indexer's `chain.*` views, created only where the indexer has not
 * published that view yet: the API's readers then see no rows instead of failing. Ponder replaces it
 * (DROP VIEW IF EXISTS, CREATE VIEW) when it publishes. Each migration passes the columns of its time
 * (name to SQL type), so this helper is frozen like the migrations calling it: what it runs for given
 * columns must never change.
 */
export async function createChainStandIn(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  view: string,
  columns: Record<string, string>,
): Promise<void> {
  await sql`CREATE SCHEMA IF NOT EXISTS chain`.execute(db);
  const { rows } = await sql<{ found: string | null }>`SELECT to_regclass(${`chain.${view}`})::text AS found`.execute(
    db,
  );
  if (rows[0]?.found) return;
  const selected = Object.entries(columns).map(([name, type]) => sql`NULL::${sql.raw(type)} AS ${sql.id(name)}`);
  await sql`CREATE VIEW ${sql.id("chain", view)} AS SELECT ${sql.join(selected)} WHERE false`.execute(db);
}
