import { CompiledQuery, type QueryExecutorProvider, type QueryResult } from "kysely";

/** A Kysely instance or transaction: what compiles a raw query and runs a compiled one. */
interface Runner extends QueryExecutorProvider {
  executeQuery<T>(query: CompiledQuery<T>): Promise<QueryResult<T>>;
}

/** A query builder or a raw `sql` query. */
interface Buildable<R> {
  compile(executor: QueryExecutorProvider): CompiledQuery<R>;
}

/** Stands for one value while a query is compiled; it becomes a parameter filled in at each run. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A query built and compiled once per shape, then run with each call's values: for a hot list
 * query, building and compiling it with Kysely costs more Node CPU than its database round trip.
 * `build(db, shape, slots)` gets the first caller's db (to build with) and stand-ins for the values: it must use them
 * only as values (query
 * parameters), never in its own logic (to branch, compute or spread an array), and let `shape` alone
 * decide the query's text. A call passes exactly the values its shape uses (an unused one throws).
 */
export function preparedQuery<D extends Runner, S extends string, V extends object, R>(
  build: (db: D, shape: S, slots: V) => Buildable<R>,
) {
  const compiled = new Map<S, CompiledQuery<R>>();
  return async (db: D, shape: S, values: V): Promise<R[]> => {
    let query = compiled.get(shape);
    if (!query) {
      const slots = Object.fromEntries(Object.keys(values).map((name) => [name, new Slot(name)])) as unknown as V;
      query = build(db, shape, slots).compile(db);
      const unused = Object.keys(values).filter(
        (name) => !query!.parameters.some((parameter) => parameter instanceof Slot && parameter.name === name),
      );
      if (unused.length > 0) throw new Error(`preparedQuery shape ${shape} does not use ${unused.join(", ")}`);
      compiled.set(shape, query);
    }
    const parameters = query.parameters.map((parameter) =>
      parameter instanceof Slot ? (values as Record<string, unknown>)[parameter.name] : parameter,
    );
    const { rows } = await db.executeQuery(CompiledQuery.raw(query.sql, parameters) as CompiledQuery<R>);
    return rows;
  };
}
