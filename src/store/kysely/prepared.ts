import { createQueryId, type Compilable, type CompiledQuery, type QueryResult } from 'kysely';

/** What runs a compiled query: a `Kysely` database or one of its transactions. */
export interface QueryRunner {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/** Stands for one named argument while a query is built once (see {@link PreparedQueries}). */
class Slot {
  constructor(readonly name: string) {}
}

interface Prepared {
  compiled: CompiledQuery;
  /** Per parameter: the argument it takes, or the constant the build left there. */
  params: ReadonlyArray<{ arg: string } | { value: unknown }>;
}

/**
 * Queries whose SQL is built and compiled once per shape, then run again with new values: a Kysely query builder and
 * compiler cost ~30–80 µs per statement, paid on every job for SQL that never changes.
 * `run(key, args, build)` calls `build` the first time with each argument replaced by a placeholder, records which
 * compiled parameter takes which argument, and from then on sends the same SQL with `args`' values. The dialect
 * compiles it, so the same repository code serves SQLite and PostgreSQL (one instance per database).
 * Invariants: `build` may not look at or transform its arguments (branch on them, lower-case them, spread an array):
 * whatever decides the SQL's shape is in `key`, and every argument is used as a value as it is (a build that loses
 * one throws). Values that are not arguments stay as built (constants).
 */
export class PreparedQueries {
  private readonly cache = new Map<string, Prepared>();

  /** Runs the query `build` makes for `args` on `db` (the database or a transaction of it). */
  async run<A extends Record<string, unknown>, R>(db: QueryRunner, key: string, args: A, build: (a: A) => Compilable<R>): Promise<QueryResult<R>> {
    let p = this.cache.get(key);
    if (!p) {
      p = prepare(args, build);
      this.cache.set(key, p);
    }
    const parameters = p.params.map((x) => ('arg' in x ? args[x.arg] : x.value));
    // Kysely leaves an undefined value's column out of the SQL; a prepared statement cannot.
    if (parameters.includes(undefined)) throw new Error(`prepared query ${key}: an argument is undefined (pass null)`);
    return db.executeQuery<R>({ query: p.compiled.query, sql: p.compiled.sql, parameters, queryId: createQueryId() });
  }
}

function prepare<A extends Record<string, unknown>, R>(args: A, build: (a: A) => Compilable<R>): Prepared {
  const slots = Object.fromEntries(Object.keys(args).map((k) => [k, new Slot(k)])) as unknown as A;
  const compiled = build(slots).compile();
  const used = new Set<string>();
  const params = compiled.parameters.map((v) => {
    if (v instanceof Slot) {
      used.add(v.name);
      return { arg: v.name };
    }
    return { value: v };
  });
  const lost = Object.keys(args).filter((k) => !used.has(k));
  if (lost.length) throw new Error(`prepared query: argument(s) ${lost.join(', ')} not sent as values`);
  return { compiled, params };
}
