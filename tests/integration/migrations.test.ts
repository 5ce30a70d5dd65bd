import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/.server/db";
import { migrations } from "~/.server/db/migrations";
import * as stockAdjustments from "~/.server/db/migrations/007-stock-adjustments";
import * as activityAppendOnly from "~/.server/db/migrations/018-activity-append-only";
import * as outboxPruned from "~/.server/db/migrations/021-outbox-pruned";
import * as variants from "~/.server/db/migrations/033-variants";
import { switchToIncrementalVacuum } from "~/.server/db/space";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

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

  it("open the stock adjustments of a shop that ran before them with what it holds plus what orders hold", async () => {
    database = await createTestDatabase();
    const { db } = database;
    // The products as 007 knew them: their price and stock on the product (before 033).
    await variants.down(db as unknown as Kysely<unknown>);
    await db
      .insertInto("categories")
      .values({ id: 1, slug: "wax", title: "Wax", route: "shop/wax", image_url: "/w.webp", position: 0 })
      .execute();
    await sql`insert into products (id, category_id, name, price_cents, stock, scent, description, images, position)
      values (5, 1, 'Candle', 1000, 4, 'Fig', 'A candle.', '[]', 0), (6, 1, 'Candle', 1000, 0, 'Fig', 'A candle.', '[]', 0)`.execute(
      db,
    );
    const order = (status: "pending_payment" | "paid" | "expired", key: string) => ({
      number: key,
      status,
      customer_name: "Guest",
      shipping_name: "A",
      shipping_address: "B",
      shipping_city: "C",
      shipping_state: "D",
      shipping_zip: "1",
      amount_cents: 1000,
      subtotal_cents: 1000,
      currency: "usd",
      payment_provider: "test",
      idempotency_key: key,
      created_at: 1,
      expires_at: 2,
    });
    const ids = await db
      .insertInto("orders")
      .values([order("paid", "k1"), order("pending_payment", "k2"), order("expired", "k3")])
      .returning("id")
      .execute();
    const line = (orderId: number, productId: number, quantity: number) =>
      sql`insert into order_items (order_id, product_id, name, price_cents, quantity, scent)
        values (${orderId}, ${productId}, 'Candle', 1000, ${quantity}, 'Fig')`.execute(db);
    await line(ids[0]!.id, 5, 2);
    await line(ids[1]!.id, 5, 1);
    await line(ids[2]!.id, 5, 7);
    await line(ids[1]!.id, 6, 3);

    await stockAdjustments.down(db as unknown as Kysely<unknown>);
    await stockAdjustments.up(db as unknown as Kysely<unknown>);
    const opening = await db
      .selectFrom("stock_adjustments")
      .select(["product_id", "delta", "reason"])
      .orderBy("product_id")
      .execute();
    expect(opening).toEqual([
      { product_id: 5, delta: 7, reason: "opening balance" },
      { product_id: 6, delta: 3, reason: "opening balance" },
    ]);

    // 033 makes each product one variant with its id, price, stock and weight; lines and adjustments name it.
    await sql`update products set weight = 850 where id = 5`.execute(db);
    await variants.up(db as unknown as Kysely<unknown>);
    expect(
      await db
        .selectFrom("variants")
        .select(["id", "product_id", "option_values", "price_cents", "stock", "weight", "available", "archived"])
        .orderBy("id")
        .execute(),
    ).toEqual([
      {
        id: 5,
        product_id: 5,
        option_values: "[]",
        price_cents: 1000,
        stock: 4,
        weight: 850,
        available: 1,
        archived: 0,
      },
      {
        id: 6,
        product_id: 6,
        option_values: "[]",
        price_cents: 1000,
        stock: 0,
        weight: null,
        available: 1,
        archived: 0,
      },
    ]);
    expect(
      await db
        .selectFrom("order_items")
        .select(["order_id", "product_id", "variant_id", "variant", "quantity"])
        .orderBy("order_id")
        .orderBy("product_id")
        .execute(),
    ).toEqual([
      { order_id: ids[0]!.id, product_id: 5, variant_id: 5, variant: "", quantity: 2 },
      { order_id: ids[1]!.id, product_id: 5, variant_id: 5, variant: "", quantity: 1 },
      { order_id: ids[1]!.id, product_id: 6, variant_id: 6, variant: "", quantity: 3 },
      { order_id: ids[2]!.id, product_id: 5, variant_id: 5, variant: "", quantity: 7 },
    ]);
    expect(
      await db.selectFrom("stock_adjustments").select(["product_id", "variant_id"]).orderBy("product_id").execute(),
    ).toEqual([
      { product_id: 5, variant_id: 5 },
      { product_id: 6, variant_id: 6 },
    ]);
    expect(await db.selectFrom("products").select(["id", "options"]).orderBy("id").execute()).toEqual([
      { id: 5, options: "[]" },
      { id: 6, options: "[]" },
    ]);
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

  it("keep every order, line, event and email when the order statuses change, and hold the new statuses", async () => {
    database = await createTestDatabase({ migrate: false });
    const { db } = database;
    await migrateToLatest(db, "011-owner-role");
    const order = (status: string, key: string) => ({
      number: key,
      status,
      customer_name: "Guest",
      shipping_name: "A",
      shipping_address: "B",
      shipping_city: "C",
      shipping_state: "D",
      shipping_zip: "1",
      amount_cents: 1000,
      currency: "usd",
      payment_provider: "test",
      idempotency_key: key,
      created_at: 1,
      expires_at: 2,
    });
    const old = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const ids = await old
      .insertInto("orders")
      .values([order("paid", "k1"), order("expired", "k2")])
      .returning("id")
      .execute();
    await old
      .insertInto("order_items")
      .values({ order_id: ids[0]!.id, product_id: 5, name: "Candle", price_cents: 1000, quantity: 1, scent: "Fig" })
      .execute();
    await old
      .insertInto("payment_events")
      .values({ provider: "test", event_id: "e1", order_id: ids[0]!.id, type: "payment_succeeded", created_at: 1 })
      .execute();
    const before = await db.selectFrom("orders").select(["id", "number", "status", "paid_at"]).orderBy("id").execute();

    await migrateToLatest(db);
    expect(await db.selectFrom("orders").select(["id", "number", "status", "paid_at"]).orderBy("id").execute()).toEqual(
      before,
    );
    expect(await db.selectFrom("order_items").select(["order_id", "quantity"]).execute()).toEqual([
      { order_id: ids[0]!.id, quantity: 1 },
    ]);
    await db
      .updateTable("orders")
      .set({ status: "shipped", carrier: "USPS", tracking_number: "9400", shipped_at: 3 })
      .where("number", "=", "k1")
      .execute();
    await db.updateTable("orders").set({ status: "refunded", refunded_at: 4 }).where("number", "=", "k1").execute();
    await expect(
      old.updateTable("orders").set({ status: "cancelled" }).where("number", "=", "k2").execute(),
    ).rejects.toThrow();
    // The lines still belong to their order: a line for no order is refused.
    await expect(
      old
        .insertInto("order_items")
        .values({ order_id: 999_999, product_id: 5, name: "X", price_cents: 1, quantity: 1, scent: "" })
        .execute(),
    ).rejects.toThrow();
    await expect(old.insertInto("orders").values(order("paid", "k1")).execute()).rejects.toThrow();
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
