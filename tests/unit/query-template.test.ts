import {
  sql,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { describe, expect, it } from "vitest";
import { queryTemplate, statementNameOf } from "~/.server/db/template";

interface Tables {
  items: { id: number; name: string; stock: number; note: string | null };
}

/** Kysely that compiles for `engine` and runs nothing. */
function compilerFor(engine: "sqlite" | "postgres") {
  const sqlite = engine === "sqlite";
  return new Kysely<Tables>({
    dialect: {
      createAdapter: () => (sqlite ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (sqlite ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
      createQueryCompiler: () => (sqlite ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
    },
  });
}

const take = (db: Kysely<Tables>, values: { ids: number[]; quantity: number }) =>
  db
    .updateTable("items")
    .set((eb) => ({ stock: eb("stock", "-", values.quantity) }))
    .where("id", "in", values.ids)
    .where("stock", ">=", values.quantity)
    .where("name", "!=", "retired")
    .returning("stock");

const add = (db: Kysely<Tables>, values: { rows: Tables["items"][] }) => db.insertInto("items").values(values.rows);

describe.each(["sqlite", "postgres"] as const)("queryTemplate on %s", (engine) => {
  const db = compilerFor(engine);

  it("gives the SQL and parameters Kysely compiles for the same values, run after run", () => {
    const template = queryTemplate(take);
    for (const values of [
      { ids: [3], quantity: 1 },
      { ids: [9], quantity: 4 },
      { ids: [1, 2, 5], quantity: 2 },
      { ids: [7, 8], quantity: 3 },
      { ids: [4], quantity: 6 },
    ]) {
      const { sql, parameters } = take(db, values).compile();
      expect(template(db, values).compile()).toMatchObject({ sql, parameters });
    }
  });

  it("fills rows of an insert, nulls included, for each number of rows", () => {
    const template = queryTemplate(add);
    const row = (id: number) => ({ id, name: `Candle ${id}`, stock: id * 2, note: id % 2 ? null : `note ${id}` });
    for (const rows of [[row(1)], [row(2), row(3)], [row(4)], [row(5), row(6), row(7)]]) {
      const { sql, parameters } = add(db, { rows }).compile();
      expect(template(db, { rows }).compile()).toMatchObject({ sql, parameters });
    }
  });

  it("keeps a null or an undefined as Kysely writes it (is null, a column left out): each is a shape of its own", () => {
    const find = queryTemplate((kysely: Kysely<Tables>, values: { note: string | null }) =>
      kysely
        .selectFrom("items")
        .select("id")
        .where("note", values.note === null ? "is" : "=", values.note),
    );
    const add = queryTemplate(
      (kysely: Kysely<Tables>, values: { id: number; name: string; stock: number; note?: string }) =>
        kysely.insertInto("items").values({ id: values.id, name: values.name, stock: values.stock, note: values.note }),
    );
    for (const note of [null, "gift", null, "seconds"]) {
      const { sql: text, parameters } = db
        .selectFrom("items")
        .select("id")
        .where("note", note === null ? "is" : "=", note)
        .compile();
      expect(find(db, { note }).compile()).toMatchObject({ sql: text, parameters });
    }
    for (const note of [undefined, "gift", undefined]) {
      const row = { id: 1, name: "Fig", stock: 3, note };
      const { sql: text, parameters } = db.insertInto("items").values(row).compile();
      expect(add(db, row).compile()).toMatchObject({ sql: text, parameters });
    }
  });

  it("refuses a value used in code inside the build, or an array bound as one value", () => {
    const pattern = queryTemplate((kysely: Kysely<Tables>, values: { name: string }) =>
      kysely.selectFrom("items").select("id").where("name", "like", `${values.name}%`),
    );
    expect(() => pattern(db, { name: "Fig" }).compile()).toThrow("values.name was used in code inside the build");
    const anyOf = queryTemplate((kysely: Kysely<Tables>, values: { ids: number[] }) =>
      kysely
        .selectFrom("items")
        .select("id")
        .where(sql<boolean>`id = any(${values.ids})`),
    );
    expect(() => anyOf(db, { ids: [1, 2] }).compile()).toThrow("an array or object is bound as one value");
  });

  it("refuses * in what a query selects or returns: PostgreSQL fixes a prepared statement's columns", () => {
    const everything = queryTemplate((kysely: Kysely<Tables>, values: { id: number }) =>
      kysely.selectFrom("items").selectAll().where("id", "=", values.id),
    );
    expect(() => everything(db, { id: 1 }).compile()).toThrow("name the columns to select or return, not *");
    const added = queryTemplate((kysely: Kysely<Tables>, values: { id: number }) =>
      kysely.insertInto("items").values({ id: values.id, name: "Fig", stock: 1, note: null }).returningAll(),
    );
    expect(() => added(db, { id: 1 }).compile()).toThrow("name the columns to select or return, not *");
    const named = queryTemplate((kysely: Kysely<Tables>, values: { id: number }) =>
      kysely.selectFrom("items").select(["id", "name"]).where("id", "=", values.id),
    );
    expect(named(db, { id: 1 }).compile().parameters).toEqual([1]);
  });

  it("keeps what the build wrote itself, as the rule says: only the values change", () => {
    let calls = 0;
    const template = queryTemplate((kysely: Kysely<Tables>, values: { id: number }) =>
      kysely.selectFrom("items").select("name").where("id", "=", values.id).where("stock", ">", ++calls),
    );
    expect(template(db, { id: 1 }).compile().parameters).toEqual([1, 1]);
    expect(template(db, { id: 2 }).compile().parameters).toEqual([2, 1]);
    expect(calls).toBe(1);
  });

  it("names each SQL it compiled, once: PostgreSQL prepares it under that name", () => {
    const template = queryTemplate(take);
    const one = template(db, { ids: [1], quantity: 1 }).compile().sql;
    const two = template(db, { ids: [1, 2], quantity: 1 }).compile().sql;
    expect(statementNameOf(one)).toMatch(/^template_\d+$/);
    expect(statementNameOf(two)).toMatch(/^template_\d+$/);
    expect(statementNameOf(two)).not.toBe(statementNameOf(one));
    // Another template of the same query compiles the same SQL, so it runs under the same statement.
    expect(queryTemplate(take)(db, { ids: [7], quantity: 3 }).compile().sql).toBe(one);
    expect(statementNameOf(take(db, { ids: [1], quantity: 1 }).compile().sql + " ")).toBeUndefined();
  });
});
