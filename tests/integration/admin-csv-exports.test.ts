import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityCsv } from "~/.server/admin/activity";
import { type CsvExport, csvDownload } from "~/.server/admin/csv-stream";
import { ordersCsv } from "~/.server/admin/order-list";
import { productsCsv } from "~/.server/admin/products-csv";
import { orderListQueryOf } from "~/lib/admin-schemas";
import type { BrowserSession } from "../helpers/browser-session";
import { activityCsvAsBuilt, ordersCsvAsBuilt, productsCsvAsBuilt } from "../helpers/csv-exports-as-built";
import { signedInOwner } from "../helpers/owner";
import { insertVariedOrders } from "../helpers/order-rows";
import { type Shop, openShop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";

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
    // Orders charged shipping and tax (issue #31), one with a shipping charge past $1,000 (a quoted "1,234.56").
    for (const [remainder, shippingCents, taxCents] of [
      [1, 695, 193],
      [2, 123_456, 0],
    ] as const) {
      await shop.db
        .updateTable("orders")
        .set((eb) => ({
          shipping_cents: shippingCents,
          tax_cents: taxCents,
          amount_cents: eb("subtotal_cents", "+", shippingCents + taxCents),
        }))
        .where(sql<number>`id % 5`, "=", remainder)
        .execute();
    }
    // Orders with a code (issue #33): money off, and a free-shipping code that took nothing off the items.
    await shop.db
      .updateTable("orders")
      .set((eb) => ({
        discount_cents: 360,
        discount_code: "HOLIDAY15",
        discount_kind: "percent",
        amount_cents: eb("subtotal_cents", "-", 360),
      }))
      .where(sql<number>`id % 5`, "=", 3)
      .execute();
    await shop.db
      .updateTable("orders")
      .set({ discount_code: "FREESHIP", discount_kind: "free_shipping" })
      .where(sql<number>`id % 5`, "=", 4)
      .execute();
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
    expect(text).toContain(",6.95,1.93,");
    expect(text).toContain(',"1,234.56",0.00,');
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
