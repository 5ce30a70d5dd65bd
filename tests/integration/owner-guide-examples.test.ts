import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDollars } from "~/lib/money";
import { ZONE_PRESETS } from "~/lib/us-states";
import { markedTable } from "../helpers/markdown-docs";
import { signedInOwner } from "../helpers/owner";
import { addDiscountCode, addRate, addZone, bumpPricingVersion } from "../helpers/pricing-setup";
import { repoRoot } from "../helpers/run-script";
import { type Line, type Shop, cards, checkout, openShop, pay, request } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";

/*
 * The owner's guide's worked examples, computed by the shop: every figure of
 * its marked tables is read from docs/owner-guide.md and must be what the
 * quote (and, for the refund, the tax report) gives for the same cart, the
 * same address and the shops the guide describes.
 */
const guide = fs.readFileSync(path.join(repoRoot, "docs/owner-guide.md"), "utf8");
const examples = markedTable(guide, "worked-examples");
const refunds = markedTable(guide, "refund-example");

/** "4 × Winter Pine at $23.50" */
function cartOf(cell: string) {
  const match = /^(\d+) × (.+) at \$(\d+\.\d\d)$/.exec(cell);
  if (!match) throw new Error(`a cart the test cannot read: ${cell}`);
  return { quantity: Number(match[1]), name: match[2]!, price: match[3]! };
}

/** "TX 78701" */
function addressOf(cell: string) {
  const match = /^([A-Z]{2}) (\d{5})$/.exec(cell);
  if (!match) throw new Error(`an address the test cannot read: ${cell}`);
  return { state: match[1]!, zip: match[2]! };
}

/** The guide's candles, each a product of the test's catalog. */
const candles = [...new Map(examples.map((row) => cartOf(row.Cart!)).map((cart) => [cart.name, cart])).values()].map(
  (cart, index) => ({ id: 2001 + index, name: cart.name, price: cart.price, stock: 1000 }),
);
const linesOf = (row: Record<string, string>): Line[] => {
  const cart = cartOf(row.Cart!);
  return [{ id: candles.find((candle) => candle.name === cart.name)!.id, quantity: cart.quantity }];
};

interface Quote {
  subtotalCents: number;
  discountCents: number;
  rates: { id: number; name: string; priceCents: number }[];
  shippingRateId: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

describe(`the owner's guide's worked examples, on ${testEngine}`, () => {
  let shop: Shop;
  const rates = new Map<string, number>();
  beforeAll(async () => {
    shop = await openShop({ Seasonal: candles });
    // The guide's Oregon shop: Contiguous US, a flat rate and free from $75, no tax state; and its code.
    const zone = await addZone(
      shop.db,
      "Contiguous US",
      ZONE_PRESETS.find((preset) => preset.name === "Contiguous US")!.codes,
    );
    rates.set(
      "USPS Ground Advantage",
      await addRate(shop.db, zone, { name: "USPS Ground Advantage", priceCents: 695 }),
    );
    rates.set(
      "Free over $75",
      await addRate(shop.db, zone, { name: "Free over $75", priceCents: 0, condition: "subtotal", from: 7500 }),
    );
    await addDiscountCode(shop.db, { code: "HOLIDAY15", kind: "percent", value: 15 });
  });
  afterAll(() => shop?.close());

  const quote = (row: Record<string, string>, chosen: boolean) =>
    request<Quote>(`${shop.url}/api/checkout/quote`, {
      body: {
        lines: linesOf(row),
        shipping: addressOf(row["Ships to"]!),
        ...(chosen ? { shippingRateId: rates.get(row["Shipping method"]!) } : {}),
        ...(row.Code === "–" ? {} : { discountCode: row.Code }),
      },
    });

  async function expectFigures(row: Record<string, string>) {
    expect(rates.has(row["Shipping method"]!), `a rate the guide's shops have: ${row["Shipping method"]}`).toBe(true);
    const answer = await quote(row, true);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { subtotalCents, discountCents, shippingCents, taxCents, totalCents } = answer.body;
    expect({
      Subtotal: formatDollars(subtotalCents),
      Discount: formatDollars(discountCents),
      Shipping: formatDollars(shippingCents),
      Tax: formatDollars(taxCents),
      "Order total": formatDollars(totalCents),
    }).toEqual({
      Subtotal: row.Subtotal,
      Discount: row.Discount,
      Shipping: row.Shipping,
      Tax: row.Tax,
      "Order total": row["Order total"],
    });
    // "The panel picks the cheapest rate that fits": a row on the cheapest is what a shopper gets by default.
    const cheapest = Math.min(...answer.body.rates.map((rate) => rate.priceCents));
    const onCheapest = answer.body.rates.find((rate) => rate.id === rates.get(row["Shipping method"]!))!;
    if (onCheapest.priceCents === cheapest) expect((await quote(row, false)).body.totalCents).toBe(totalCents);
  }

  describe("in the Oregon shop", () => {
    it.each(examples.filter((row) => row.Shop === "Oregon").map((row) => [row.Example!, row] as const))(
      "%s",
      async (_, row) => {
        await expectFigures(row);
      },
    );
  });

  describe("in the Texas shop", () => {
    beforeAll(async () => {
      // The same shop, and Texas at 6.25 %, shipping taxed.
      await shop.db
        .insertInto("tax_states")
        .values({ state: "TX", rate_millionths: 62_500, taxes_shipping: 1 })
        .execute();
      await bumpPricingVersion(shop.db);
    });

    it.each(examples.filter((row) => row.Shop === "Texas").map((row) => [row.Example!, row] as const))(
      "%s",
      async (_, row) => {
        await expectFigures(row);
      },
    );

    it.each(refunds.map((refund) => [refund["Refunded order"]!, refund] as const))(
      "%s, refunded, in the tax report",
      async (name, refund) => {
        const row = examples.find((example) => example.Shop === "Texas" && example.Example === name)!;
        const priced = (await quote(row, true)).body;
        const placed = await checkout(shop, linesOf(row), {
          shipping: { ...addressOf(row["Ships to"]!), city: "Austin" },
          choice: { shippingRateId: priced.shippingRateId, expectedTotalCents: priced.totalCents },
        });
        expect(placed.status, JSON.stringify(placed.body)).toBe(201);
        const order = placed.body.order!;
        expect((await pay(shop, order, cards.success)).status).toBe(200);

        const owner = await signedInOwner(shop);
        const refunded = await owner.postForm(`/admin/orders/${order.number}`, {
          intent: "refund",
          number: order.number,
          restock: "on",
        });
        expect(refunded.status).toBe(200);
        await waitFor(
          async () => (await shop.db.selectFrom("refunds").select("status").executeTakeFirst())?.status === "refunded",
          { what: "the refund job to give the money back", timeoutMs: 30_000 },
        );

        const csv = await fetch(`${shop.url}/admin/tax.csv`, { headers: { Cookie: owner.cookieHeader() } });
        const [header, ...lines] = (await csv.text())
          .replace(/^\uFEFF/, "")
          .trim()
          .split("\r\n");
        const columns = header!.split(",");
        const texas = lines.map((line) => line.split(",")).find((cells) => cells[columns.indexOf("State")] === "TX")!;
        expect({
          Refunds: `$${texas[columns.indexOf("Refunds")]}`,
          "Tax refunded": `$${texas[columns.indexOf("Tax refunded")]}`,
        }).toEqual({ Refunds: refund.Refunds, "Tax refunded": refund["Tax refunded"] });
      },
    );
  });
});
