import { db } from "ponder:api";
import * as schema from "../../ponder.schema.ts";
import { Hono } from "hono";
import { client, graphql } from "ponder";

/**
 * The indexer's read API for analysts, over the indexed tables only: SQL over HTTP at `/sql` (for
 * `@ponder/client`, live queries included; read-only transactions) and GraphQL at `/graphql`.
 */
const app = new Hono();
app.use("/sql/*", client({ db, schema }));
app.use("/graphql", graphql({ db, schema }));

export default app;
