import { db } from "ponder:api";
import * as schema from "../../ponder.schema.ts";
import { Hono } from "hono";
import { client, graphql, sql } from "ponder";

/** Whether this server reads a hot standby (`ponder serve` on the analysts' replica: docs/analysts.md, "On a replica"). */
const onStandby = db
  .execute(sql`SELECT pg_is_in_recovery() AS standby`)
  .then(({ rows }) => (rows[0] as { standby?: boolean } | undefined)?.standby === true);

/** The same SQL query as `encoded` (`@ponder/client`'s superjson), marked `asked` so that no earlier answer matches it. */
function askedAfresh(encoded: string, asked: number): string {
  try {
    const query = JSON.parse(encoded) as { json?: Record<string, unknown> };
    return JSON.stringify({ ...query, json: { ...query.json, asked } });
  } catch {
    return encoded;
  }
}

let asked = 0;
const sqlOverHttp = client({ db, schema });

/**
 * The indexer's read API for analysts, over the indexed tables only: SQL over HTTP at `/sql` (for
 * `@ponder/client`, live queries included; read-only transactions) and GraphQL at `/graphql`.
 * Ponder keeps each `/sql/db` answer until the indexer's notification says its tables changed; a standby can neither
 * hear nor send one, so there every query is keyed apart from the ones before it and read from the replica afresh.
 */
const app = new Hono();
app.use("/sql/*", async (c, next) => {
  const encoded = c.req.query("sql");
  if (c.req.path === "/sql/db" && encoded !== undefined && (await onStandby)) {
    const url = new URL(c.req.url);
    url.searchParams.set("sql", askedAfresh(encoded, ++asked));
    c.req.raw = new Request(url, c.req.raw);
  }
  return sqlOverHttp(c, next);
});
app.use("/graphql", graphql({ db, schema }));

export default app;
