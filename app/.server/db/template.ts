import type { Compilable, CompiledQuery, Kysely } from "kysely";

/** Where one of a run's values goes in a template's parameters: its path in the values. */
class Hole {
  constructor(readonly path: readonly (string | number)[]) {}

  /** A value used in code inside `build` (`${values.key}`, `values.now - 1`) would be baked into the SQL. */
  [Symbol.toPrimitive](): never {
    throw new Error(
      `queryTemplate: values.${this.path.join(".")} was used in code inside the build; only pass values to the query builder`,
    );
  }
}

type Values = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Values =>
  value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype;

/**
 * Values Kysely writes into the SQL itself rather than as a parameter
 * (`is null`, `is true`) or leaves out (an undefined column): they stay as
 * they are, and are part of the shape.
 */
const isLiteral = (value: unknown) => value === null || value === undefined || typeof value === "boolean";

/** What tells two runs' SQL apart: the keys of the values' objects, the lengths of their arrays, and their literals. */
function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(shapeOf).join(",")}]`;
  if (isPlainObject(value))
    return `{${Object.entries(value)
      .map(([key, item]) => `${key}:${shapeOf(item)}`)
      .join(",")}}`;
  return isLiteral(value) ? String(value) : "";
}

/** `value` with each leaf (anything but a plain object, an array or a literal) replaced by its Hole. */
function holesOf(value: unknown, path: (string | number)[]): unknown {
  if (Array.isArray(value)) return value.map((item, index) => holesOf(item, [...path, index]));
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, holesOf(item, [...path, key])]));
  return isLiteral(value) ? value : new Hole(path);
}

/** A Hole inside a parameter (an array or object bound as one value, such as JSON) cannot be filled. */
function assertFillable(query: CompiledQuery) {
  const nested = (value: unknown): boolean =>
    value instanceof Hole ||
    (Array.isArray(value) ? value.some(nested) : isPlainObject(value) && Object.values(value).some(nested));
  if (query.parameters.some((parameter) => !(parameter instanceof Hole) && nested(parameter))) {
    throw new Error("queryTemplate: an array or object is bound as one value; a template takes only single values");
  }
}

/**
 * A statement's columns are fixed when PostgreSQL first prepares it: with
 * `*`, a process still running when a migration adds a column would fail
 * every run ("cached plan must not change result type").
 */
function assertNamedColumns(node: unknown) {
  if (node === null || typeof node !== "object" || node instanceof Hole) return;
  if ((node as { kind?: unknown }).kind === "SelectAllNode") {
    throw new Error(
      "queryTemplate: name the columns to select or return, not *: PostgreSQL fixes a prepared statement's columns",
    );
  }
  for (const child of Object.values(node)) assertNamedColumns(child);
}

function valueAt(values: Values, path: readonly (string | number)[]): unknown {
  let value: unknown = values;
  for (const key of path) value = (value as Record<string | number, unknown>)[key];
  return value;
}

/**
 * The SQL of every template compiled, with a name of its own: on PostgreSQL
 * each connection then prepares it once and plans it from the second run on
 * (postgres-pool.ts), rather than parsing and planning it for every run,
 * which cost the server half its time on a checkout. There are as many as
 * templates times their shapes, a bounded number.
 */
const statementNames = new Map<string, string>();

/** The name a template's SQL is prepared under, if `sql` is one's. */
export const statementNameOf = (sql: string) => statementNames.get(sql);

/**
 * A query Kysely builds and compiles once per database and shape of its
 * values (which keys, how many lines), after which each run only fills in
 * its values: on a checkout's short queries building and compiling cost as
 * much CPU as SQLite's own work (docs/decisions/005-lean-process.md). For
 * the checkout's hot path only (db/steps.ts): elsewhere a query is built
 * where it runs.
 * `build` is given placeholders for the values, so everything that changes
 * from run to run must come from them and go to the query builder as they
 * are, never through code inside `build` (a placeholder used in code
 * throws) or from it (a random number, the time): a constant written in
 * `build` stays. Arrays and objects in the values are taken apart into
 * their leaves (an `in` list, an insert's rows); one bound as a single
 * value, such as JSON, throws, and so does `*` (`selectAll`, `returningAll`).
 */
export function queryTemplate<DB, V extends Values, Row>(build: (db: Kysely<DB>, values: V) => Compilable<Row>) {
  const compiled = new WeakMap<Kysely<DB>, Map<string, CompiledQuery<Row>>>();
  return (db: Kysely<DB>, values: V): Compilable<Row> => {
    let byShape = compiled.get(db);
    if (!byShape) compiled.set(db, (byShape = new Map()));
    const shape = shapeOf(values);
    let template = byShape.get(shape);
    if (!template) {
      template = build(db, holesOf(values, []) as V).compile();
      assertFillable(template);
      assertNamedColumns(template.query);
      if (!statementNames.has(template.sql)) statementNames.set(template.sql, `template_${statementNames.size + 1}`);
      byShape.set(shape, template);
    }
    const query = template;
    return {
      compile: () => ({
        ...query,
        parameters: query.parameters.map((parameter) =>
          parameter instanceof Hole ? valueAt(values, parameter.path) : parameter,
        ),
      }),
    };
  };
}
