import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as ponderSchema from "../indexer/ponder.schema.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface PonderStatements {
  enums: { sql: string[] };
  tables: { sql: string[]; json: { tableName: string }[] };
  indexes: { sql: string[] };
}

/**
 * Ponder's own generator of the DDL it runs for a schema file (not part of its public exports, so
 * loaded by path like scripts/lib/indexer.ts's PONDER_BIN): the tables below are exactly the ones a
 * `ponder start` creates, keys and indexes included.
 */
const { getSql } = (await import(
  pathToFileURL(path.join(ROOT, "node_modules/ponder/dist/esm/drizzle/kit/index.js")).href
)) as {
  getSql: (schema: object) => PonderStatements;
};

/** Ponder's reorg shadow tables, which need its sequence and which readers never see. */
const REORG_TABLE = /^_reorg__/;

/**
 * SQL that creates indexer/ponder.schema.ts's tables in the schema `schema` with Ponder's DDL and
 * points each `chain.*` view at its table, as a `ponder start` publishes them: for tests and benches
 * that write chain facts directly instead of through a chain. Replaces the migrations' empty stand-ins.
 * Run it inside a transaction or as one multi-statement query (it sets the search path locally).
 */
export function chainTablesSql(schema: string): string {
  const { enums, tables, indexes } = getSql(ponderSchema);
  const tableSql = tables.sql.filter((_, i) => !REORG_TABLE.test(tables.json[i]!.tableName));
  const names = tables.json.map((table) => table.tableName).filter((name) => !REORG_TABLE.test(name));
  return [
    `CREATE SCHEMA "${schema}"`,
    `SET LOCAL search_path TO "${schema}"`,
    ...enums.sql.map((statement) => statement.replace('"public".', "")),
    ...tableSql,
    ...indexes.sql,
    "SET LOCAL search_path TO DEFAULT",
    ...names.flatMap((name) => [
      `DROP VIEW IF EXISTS chain."${name}"`,
      `CREATE VIEW chain."${name}" AS SELECT * FROM "${schema}"."${name}"`,
    ]),
  ]
    .map((statement) => `${statement.trim().replace(/;$/, "")};`)
    .join("\n");
}
