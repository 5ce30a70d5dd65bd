import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/.server/db";
import { migrations } from "~/.server/db/migrations";
import * as activityAppendOnly from "~/.server/db/migrations/018-activity-append-only";
import * as outboxPruned from "~/.server/db/migrations/021-outbox-pruned";
import { switchToIncrementalVacuum } from "~/.server/db/space";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

/** The schema the migrations build, what it refuses, and migrations taken down and put back up. */
describe(`migrations on ${testEngine}`, () => {
  let database: TestDatabase;
  afterEach(() => database.cleanup());

  it("build the schema from an empty database, and a second run changes nothing", async () => {
    database = await createTestDatabase({ migrate: false });
    expect(await migrateToLatest(database.db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(database.db)).toEqual([]);

    const tables = (await database.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(["categories", "products"]));
    // A new SQLite database gives the pages it frees back to the file system (021).
    if (testEngine === "sqlite")
      expect((await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(database.db)).rows[0]!.auto_vacuum).toBe(
        2,
      );
  });

  it("enforce what the data must never hold", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const category = await db
      .insertInto("categories")
      .values({ slug: "wax", title: "Wax", route: "shop/wax", image_url: "/x.webp", position: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const product = {
      id: 1,
      category_id: category.id,
      name: "A",
      scent: "",
      description: "",
      images: "[]",
      position: 0,
    };
    await db.insertInto("products").values(product).execute();
    await db
      .insertInto("variants")
      .values({ id: 1, product_id: 1, position: 0, price_cents: 100, stock: 1, sku: "A-1" })
      .execute();

    await expect(db.updateTable("variants").set({ stock: -1 }).execute()).rejects.toThrow();
    // A SKU names one variant; a variant belongs to a product.
    await expect(
      db
        .insertInto("variants")
        .values({ id: 2, product_id: 1, position: 1, price_cents: 100, stock: 1, sku: "A-1" })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db.insertInto("variants").values({ id: 3, product_id: 99, position: 0, price_cents: 100, stock: 1 }).execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto("products")
        .values({ ...product, id: 2, category_id: 999 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto("categories")
        .values({ slug: "wax", title: "Wax", route: "shop/wax", image_url: "/x.webp", position: 1 })
        .execute(),
    ).rejects.toThrow();
  });

  it("take the activity log's guards against TRUNCATE and REPLACE off with down, leaving 013's, and put them back with up", async () => {
    database = await createTestDatabase({ migrate: false });
    const { db } = database;
    const triggers = async () =>
      (testEngine === "sqlite"
        ? await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'trigger' and tbl_name = 'activity' order by name`.execute(db)
        : await sql<{
            name: string;
          }>`select tgname as name from pg_trigger where tgrelid = 'activity'::regclass and not tgisinternal order by tgname`.execute(
            db,
          )
      ).rows.map((row) => row.name);
    await migrateToLatest(db, "017-holds-index");
    const before = await triggers();
    await migrateToLatest(db);
    const guarded = await triggers();
    expect(guarded.length).toBeGreaterThan(before.length);

    await activityAppendOnly.down(db as unknown as Kysely<unknown>);
    expect(await triggers()).toEqual(before);
    await activityAppendOnly.up(db as unknown as Kysely<unknown>);
    expect(await triggers()).toEqual(guarded);
  });

  it("mark pruned emails with 021, and take the mark off with down, keeping every email", async () => {
    database = await createTestDatabase();
    const { db } = database;
    const email = {
      order_id: null,
      kind: "order_receipt",
      to: "ada@example.com",
      reply_to: null,
      subject: "Your Wickshop order WS-1",
      text: "Hello",
      html: "<p>Hello</p>",
      params: null,
      status: "sent" as const,
      attempts: 1,
      next_attempt_at: 1,
      last_error: null,
      created_at: 1,
      sent_at: 2,
    };
    await db
      .insertInto("outbox")
      .values([email, { ...email, text: "", html: "", pruned_at: 3 }])
      .execute();
    // This suite's own outbox: on PostgreSQL the other suites' schemas, running beside it, have one too.
    const schema =
      testEngine === "sqlite"
        ? undefined
        : (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]!.name;
    const columns = async () =>
      (await db.introspection.getTables())
        .find((table) => table.name === "outbox" && table.schema === schema)!
        .columns.map((column) => column.name);
    expect(await columns()).toContain("pruned_at");

    await outboxPruned.down(db as unknown as Kysely<unknown>);
    expect(await columns()).not.toContain("pruned_at");
    expect(await db.selectFrom("outbox").select(["to", "subject", "sent_at"]).orderBy("id").execute()).toHaveLength(2);
    await outboxPruned.up(db as unknown as Kysely<unknown>);
    expect(await db.selectFrom("outbox").select(["text", "pruned_at"]).orderBy("id").execute()).toEqual([
      { text: "Hello", pruned_at: null },
      { text: "", pruned_at: null },
    ]);
  });

  it.runIf(testEngine === "sqlite")(
    "switch a small SQLite database to incremental vacuum at once, and leave a large one to its next restore",
    async () => {
      database = await createTestDatabase({ migrate: false });
      const { db } = database;
      const autoVacuum = async () =>
        (await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(db)).rows[0]!.auto_vacuum;
      await sql`create table filler (body text)`.execute(db);
      for (let row = 0; row < 100; row++) await sql`insert into filler values (${"x".repeat(10_000)})`.execute(db);
      expect(await autoVacuum()).toBe(0);

      expect(await switchToIncrementalVacuum(db, { vacuumUpToBytes: 100_000 })).toBe(false);
      expect(await autoVacuum()).toBe(0);
      expect(await switchToIncrementalVacuum(db, { vacuumUpToBytes: 10_000_000 })).toBe(true);
      expect(await autoVacuum()).toBe(2);
      expect(await sql`select count(*) as n from filler`.execute(db)).toMatchObject({ rows: [{ n: 100 }] });
    },
  );
});
