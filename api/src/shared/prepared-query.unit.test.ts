import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
  type QueryResult,
} from "kysely";
import { describe, expect, it } from "vitest";
import { preparedQuery } from "./prepared-query.ts";

interface Tables {
  item: { id: string; status: string; created_at: Date };
}

/** A Kysely that only compiles, and a runner that records what it is asked to run. */
const builder = new Kysely<Tables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
type Runner = ReturnType<typeof recorder>;
function recorder() {
  const ran: CompiledQuery[] = [];
  return {
    ran,
    getExecutor: () => builder.getExecutor(),
    executeQuery: async <T>(query: CompiledQuery<T>): Promise<QueryResult<T>> => (ran.push(query), { rows: [] }),
  };
}

describe("preparedQuery", () => {
  it("builds once per shape and runs each call with its own values in the parameters' places", async () => {
    let builds = 0;
    const list = preparedQuery(
      (_db: Runner, shape: "all" | "status", v: { status?: string; limit: number; pattern: string }) => {
        builds += 1;
        let query = builder
          .selectFrom("item")
          .select("id")
          .where(sql<boolean>`id LIKE ${v.pattern}`)
          .limit(v.limit);
        if (shape === "status") query = query.where("status", "=", v.status!);
        return query;
      },
    );
    const db = recorder();
    await list(db, "status", { status: "Active", limit: 5, pattern: "%a%" });
    await list(db, "status", { status: "Pending", limit: 10, pattern: "%b%" });
    await list(db, "all", { limit: 5, pattern: "%c%" });
    expect(builds).toBe(2);
    expect(db.ran[0]!.sql).toBe(db.ran[1]!.sql);
    const direct = builder
      .selectFrom("item")
      .select("id")
      .where(sql<boolean>`id LIKE ${"%b%"}`)
      .limit(10)
      .where("status", "=", "Pending")
      .compile();
    expect({ sql: db.ran[1]!.sql, parameters: db.ran[1]!.parameters }).toEqual({
      sql: direct.sql,
      parameters: direct.parameters,
    });
    expect(db.ran.map((query) => query.parameters)).toEqual([
      ["%a%", "Active", 5],
      ["%b%", "Pending", 10],
      ["%c%", 5],
    ]);
  });

  it("refuses a value its shape leaves out (the query would silently not filter by it)", async () => {
    const list = preparedQuery((_db: Runner, _shape: "x", v: { status: string; limit: number }) =>
      builder.selectFrom("item").select("id").limit(v.limit),
    );
    await expect(list(recorder(), "x", { status: "Active", limit: 5 })).rejects.toThrow(/does not use status/);
  });
});
