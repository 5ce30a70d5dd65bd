import type { Compilable, CompiledQuery, Kysely } from "kysely";

/** Where one of a run's values goes in a template's parameters: its path in the values. */
class Hole {
  constructor(readonly path: readonly (string | number)[]) {}
}

type Values = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Values =>
  value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype;

/** What tells two runs' SQL apart: the keys of the values' objects and the lengths of their arrays. */
function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(shapeOf).join(",")}]`;
  if (isPlainObject(value)) return `{${Object.entries(value).map(([key, item]) => `${key}:${shapeOf(item)}`).join(",")}}`;
  return "";
}

/** `value` with each leaf (anything but a plain object or an array) replaced by its Hole. */
function holesOf(value: unknown, path: (string | number)[]): unknown {
  if (Array.isArray(value)) return value.map((item, index) => holesOf(item, [...path, index]));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, holesOf(item, [...path, key])]));
  return new Hole(path);
}

function valueAt(values: Values, path: readonly (string | number)[]): unknown {
  let value: unknown = values;
  for (const key of path) value = (value as Record<string | number, unknown>)[key];
  return value;
}

/**
 * A query Kysely builds and compiles once per database and shape of its
 * values (which keys, how many lines), after which each run only fills in
 * its values: on a checkout's short queries building and compiling cost as
 * much CPU as SQLite's own work (docs/decisions/005-lean-process.md).
 * `build` is given placeholders for the values, so everything that changes
 * from run to run must come from them, never from code inside `build` (a
 * random number, the time); a constant written in `build` stays.
 */
export function queryTemplate<DB, V extends Values, Row>(build: (db: Kysely<DB>, values: V) => Compilable<Row>) {
  const compiled = new WeakMap<Kysely<DB>, Map<string, CompiledQuery<Row>>>();
  return (db: Kysely<DB>, values: V): Compilable<Row> => {
    let byShape = compiled.get(db);
    if (!byShape) compiled.set(db, (byShape = new Map()));
    const shape = shapeOf(values);
    let template = byShape.get(shape);
    if (!template) byShape.set(shape, (template = build(db, holesOf(values, []) as V).compile()));
    const query = template;
    return {
      compile: () => ({ ...query, parameters: query.parameters.map((parameter) => (parameter instanceof Hole ? valueAt(values, parameter.path) : parameter)) }),
    };
  };
}
