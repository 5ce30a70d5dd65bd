import { type SelectQueryBuilder, sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityCsv } from "~/.server/admin/activity";
import { type CsvExport, csvDownload } from "~/.server/admin/csv-stream";
import { ordersCsv } from "~/.server/admin/order-list";
import { productsCsv } from "~/.server/admin/products-csv";
import type { Db } from "~/.server/db";
import type { Database } from "~/.server/db/schema";
import { type OrderListQuery, orderListQueryOf } from "~/lib/admin-schemas";
import { formatPrice } from "~/lib/money";
import type { BrowserSession } from "../helpers/browser-session";
import { signedInOwner } from "../helpers/owner";
import { insertVariedOrders } from "../helpers/order-rows";
import { type Shop, openShop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";

/*
 * The oracle: the three exports as the shop built them before they streamed
 * (whole file in memory, commit 8e2cd9c), copied here and nowhere else. A
 * streamed export must write exactly these bytes.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
const csvFile = (rows: (string | number | null)[][]) =>
  `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
function matching<O>(query: SelectQueryBuilder<Database, "orders", O>, filter: OrderListQuery) {
  let filtered = query;
  if (filter.status !== "all") filtered = filtered.where("orders.status", "=", filter.status);
  if (filter.q) {
    const pattern = likePattern(filter.q);
    const contains = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    filtered = filtered.where((eb) =>
      eb.or(["orders.number", "orders.shipping_name", "orders.customer_name", "orders.email"].map(contains)),
    );
  }
  return filtered;
}

async function ordersCsvAsBuilt(db: Db, filter: OrderListQuery) {
  const lines = await db
    .selectFrom("orders")
    .innerJoin("order_items", "order_items.order_id", "orders.id")
    .selectAll("orders")
    .select([
      "order_items.product_id",
      "order_items.name as item_name",
      "order_items.scent",
      "order_items.quantity",
      "order_items.price_cents",
    ])
    .where("orders.id", "in", matching(db.selectFrom("orders").select("orders.id"), filter))
    .orderBy("orders.created_at", "desc")
    .orderBy("orders.id", "desc")
    .orderBy("order_items.product_id")
    .execute();
  const header = [
    "Order",
    "Status",
    "Placed (UTC)",
    "Paid (UTC)",
    "Shipped (UTC)",
    "Refunded (UTC)",
    "Customer",
    "Email",
    "Phone",
    "Ship to",
    "Address",
    "City",
    "State",
    "ZIP",
    "Carrier",
    "Tracking number",
    "Order total",
    "Item id",
    "Item",
    "Scent",
    "Quantity",
    "Unit price",
  ];
  const rows = lines.map((line) => [
    line.number,
    line.status,
    iso(line.created_at),
    iso(line.paid_at),
    iso(line.shipped_at),
    iso(line.refunded_at),
    line.customer_name,
    line.email,
    line.phone,
    line.shipping_name,
    line.shipping_address,
    line.shipping_city,
    line.shipping_state,
    line.shipping_zip,
    line.carrier,
    line.tracking_number,
    formatPrice(line.amount_cents),
    line.product_id,
    line.item_name,
    line.scent,
    line.quantity,
    formatPrice(line.price_cents),
  ]);
  return csvFile([header, ...rows]);
}

async function activityCsvAsBuilt(db: Db) {
  const entries = await db.selectFrom("activity").selectAll().orderBy("id").execute();
  const rows = entries.map((entry) => [
    new Date(entry.created_at).toISOString(),
    entry.actor_name,
    entry.actor_id,
    entry.action,
    entry.subject_type,
    entry.subject,
    entry.before,
    entry.after,
  ]);
  return csvFile([
    ["When (UTC)", "Who", "Account id", "Action", "Subject type", "Subject", "Before", "After"],
    ...rows,
  ]);
}

async function productsCsvAsBuilt(db: Db) {
  const products = await db
    .selectFrom("products as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .selectAll("p")
    .select(["c.title as category_title"])
    .orderBy("c.position")
    .orderBy("c.id")
    .orderBy("p.position")
    .orderBy("p.id")
    .execute();
  const header = [
    "Id",
    "Name",
    "Category",
    "Price",
    "Stock",
    "Low-stock alert at",
    "Visible in the shop",
    "Scent",
    "Description",
    "Photos",
  ];
  const rows = products.map((product) => [
    product.id,
    product.name,
    product.category_title,
    formatPrice(product.price_cents),
    product.stock,
    product.low_stock_at,
    product.visible === 1 ? "yes" : "no",
    product.scent,
    product.description,
    (JSON.parse(product.images) as string[]).join(" "),
  ]);
  return csvFile([header, ...rows]);
}

/** Byte for byte, with a readable diff when they differ (the decoder keeps the byte-order mark). */
function expectSameBytes(bytes: Uint8Array, expected: string) {
  expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe(expected);
  expect(Buffer.from(bytes).equals(Buffer.from(expected, "utf8"))).toBe(true);
}
/** An export as csvDownload writes it, read in this process (so the test picks the batch size). */
const streamed = async <Item>(csv: CsvExport<Item>) =>
  new Uint8Array(await (await csvDownload(csv, pino({ level: "silent" }))).arrayBuffer());

const today = () => new Date().toISOString().slice(0, 10);

/** Orders list queries the export honours: every status, searches that quote, escape and fold case, and ones it does not know. */
const ORDER_QUERIES = [
  "",
  "?status=all",
  "?status=paid",
  "?status=shipped",
  "?status=refunded",
  "?status=pending_payment",
  "?status=expired",
  "?status=bogus",
  "?q=lovelace",
  "?q=smith%2C",
  "?q=EXAMPLE.COM",
  "?q=100%25_",
  "?q=ws-t00012",
  "?q=%22the%20wick%22",
  "?status=shipped&q=ada",
  "?q=nobody-has-this",
];

describe(`the CSV exports write, byte for byte, what the whole-file builder wrote, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  beforeAll(async () => {
    shop = await openShop({
      Wax: [
        { id: 1001, name: "Fig Leaf", price: 24 },
        { id: 1002, name: "Crème Brûlée", price: 18.5 },
        { id: 1003 },
        { id: 1004 },
      ],
      Soy: [{ id: 2001 }, { id: 2002 }, { id: 2003 }],
      Gifts: Array.from({ length: 30 }, (_, index) => ({ id: 3001 + index, price: 5 + index })),
    });
    owner = await signedInOwner(shop);
    await insertVariedOrders(shop.db, 300);
    // Catalog order that is not id order, a hidden product, and cells a spreadsheet would run.
    await shop.db.updateTable("categories").set({ position: 0 }).where("title", "=", "Gifts").execute();
    for (const [index, id] of [3001, 3017, 3005, 3030, 1003].entries()) {
      await shop.db
        .updateTable("products")
        .set({ position: 100 - index })
        .where("id", "=", id)
        .execute();
    }
    await shop.db
      .updateTable("products")
      .set({
        visible: 0,
        name: "Smoked, Cedar",
        scent: '=HYPERLINK("http://evil")',
        description: 'Poured "slowly"\r\nin small batches.',
        images: "[]",
      })
      .where("id", "=", 2002)
      .execute();
    const entries = Array.from({ length: 250 }, (_, index) => ({
      created_at: Date.UTC(2026, 2, 1) + index * 1000,
      actor_id: `owner-${index % 3}`,
      actor_name: ["Mara Wick", "Wick, Mara", "=Mallory"][index % 3]!,
      action: index % 2 ? "order.shipped" : "product.edited",
      subject_type: index % 2 ? "order" : "product",
      subject: index % 7 ? `WS-T${index}` : "-1",
      before: index % 5 ? JSON.stringify({ status: "paid", note: 'a "quote", and\nmore' }) : null,
      after: JSON.stringify({ status: "shipped", carrier: "DHL" }),
    }));
    await shop.db.insertInto("activity").values(entries).execute();
  });
  afterAll(() => shop.close());

  /** The CSV as the browser downloads it, the byte-order mark included. */
  async function download(path: string) {
    const answer = await fetch(`${shop.url}${path}`, { headers: { Cookie: owner.cookieHeader() } });
    return { answer, bytes: new Uint8Array(await answer.arrayBuffer()) };
  }

  it.each(ORDER_QUERIES)("orders.csv%s, downloaded, and streamed in batches of 7 orders", async (query) => {
    const { answer, bytes } = await download(`/admin/orders.csv${query}`);
    expect(answer.status).toBe(200);
    const filter = orderListQueryOf(new URL(`http://shop${query}`));
    const expected = await ordersCsvAsBuilt(shop.db, filter);
    expect(expected.split("\r\n").length > 3).toBe(query !== "?q=nobody-has-this");
    expectSameBytes(bytes, expected);
    expectSameBytes(await streamed(ordersCsv(shop.db, filter, 7)), expected);
  });

  it.each([1, 2, 4, 5, 299, 300, 301])(
    "orders.csv in batches of %i orders: orders placed at the same moment keep their order across batches",
    async (size) => {
      const filter = orderListQueryOf(new URL("http://shop"));
      expectSameBytes(await streamed(ordersCsv(shop.db, filter, size)), await ordersCsvAsBuilt(shop.db, filter));
    },
  );

  it("orders.csv of every order holds several hundred lines across every status", async () => {
    const text = new TextDecoder().decode((await download("/admin/orders.csv")).bytes);
    for (const status of ["paid", "shipped", "refunded", "pending_payment", "expired"])
      expect(text).toContain(`,${status},`);
    expect(text.split("\r\n").length).toBeGreaterThan(600);
  });

  it("activity.csv, downloaded, and streamed in batches of 1, 7 and 250 entries", async () => {
    const { answer, bytes } = await download("/admin/activity.csv");
    expect(answer.status).toBe(200);
    const expected = await activityCsvAsBuilt(shop.db);
    expectSameBytes(bytes, expected);
    for (const size of [1, 7, 250]) expectSameBytes(await streamed(activityCsv(shop.db, size)), expected);
  });

  it("products.csv, downloaded, and streamed in batches of 1, 7 and 37 products", async () => {
    const { answer, bytes } = await download("/admin/products.csv");
    expect(answer.status).toBe(200);
    const expected = await productsCsvAsBuilt(shop.db);
    expectSameBytes(bytes, expected);
    for (const size of [1, 7, 37]) expectSameBytes(await streamed(productsCsv(shop.db, size)), expected);
  });

  it.each(["orders", "activity", "products"])(
    "%s.csv keeps its headers: a dated attachment, never kept by a shared cache, never indexed",
    async (name) => {
      const { answer } = await download(`/admin/${name}.csv`);
      expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="${name}-${today()}.csv"`);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(answer.headers.get("vary")).toMatch(/Cookie/);
      expect(answer.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    },
  );
});
