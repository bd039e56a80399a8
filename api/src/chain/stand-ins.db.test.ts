import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app-fixture.ts";
import { CHAIN_VIEW_COLUMNS, CHAIN_VIEWS_SCHEMA, type ChainViewName } from "./views.ts";

/** The stand-ins type the indexer's enums as text; every other type is the same. */
const BUILT_IN = new Set(["text", "numeric", "int8", "int4", "bool", "timestamptz", "varchar"]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it("gives the migrations' stand-ins the columns and types of the views they stand in for", async () => {
  const { rows } = await sql<{ view: ChainViewName; column: string; type: string }>`
    SELECT table_name AS view, column_name AS column, udt_name AS type FROM information_schema.columns
    WHERE table_schema = ${CHAIN_VIEWS_SCHEMA} ORDER BY table_name, ordinal_position
  `.execute(t.db);
  const standIns: Record<string, Record<string, string>> = {};
  for (const { view, column, type } of rows) (standIns[view] ??= {})[column] = type;
  expect(Object.keys(standIns).length).toBeGreaterThan(0);
  for (const [view, columns] of Object.entries(standIns)) {
    const expected = Object.fromEntries(
      Object.entries(CHAIN_VIEW_COLUMNS[view as ChainViewName]).map(([name, { type }]) => [
        name,
        BUILT_IN.has(type) ? type : "text",
      ]),
    );
    expect(columns, view).toEqual(expected);
  }
});
