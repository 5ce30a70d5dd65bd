import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCredentials, signUp } from "../helpers/accounts";
import { BrowserSession } from "../helpers/browser-session";
import { insertOrders, orderRow } from "../helpers/order-rows";
import { signedInOwner } from "../helpers/owner";
import { setUpShippingAndTax } from "../helpers/pricing-setup";
import { type CheckoutAnswer, type Shop, cards, checkoutBody, openShop, pay, postCheckout } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";
import { visibleText } from "../helpers/visible-text";

const NEXUS_MARK = "You may need to collect sales tax here; check the state's rules.";

/** The year before this one in the shop's time zone (America/Chicago): a whole year behind us, whatever today is. */
const lastYear =
  Number(new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", year: "numeric" }).format()) - 1;
const at = (iso: string) => Date.parse(`${lastYear}-${iso}`);

describe(`the tax report and sales by state on /admin/tax and /admin/tax.csv, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  let rates: Awaited<ReturnType<typeof setUpShippingAndTax>>;
  beforeAll(async () => {
    shop = await openShop(
      { Wax: [{ id: 1001, name: "Fig Leaf", price: 24, stock: 1000 }] },
      {
        SHOP_TIME_ZONE: "America/Chicago",
      },
    );
    rates = await setUpShippingAndTax(shop.db);
    owner = await signedInOwner(shop);
  });
  afterAll(() => shop?.close());

  /** An order placed and paid through the API as a shopper would, with the total she was shown; then paid at `paidAt`. */
  async function paidOrder(
    state: string,
    quantity: number,
    rate: number,
    expectedTotalCents: number,
    paidAt: number,
    zip = state === "TX" ? "75001" : "97201",
  ) {
    const answer = (await postCheckout(shop, {
      ...checkoutBody([{ id: 1001, quantity }], { shipping: { state, zip } }),
      shippingRateId: rate,
      expectedTotalCents,
    })) as { status: number; body: CheckoutAnswer };
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const order = answer.body.order!;
    expect((await pay(shop, order, cards.success)).status).toBe(200);
    await shop.db.updateTable("orders").set({ paid_at: paidAt }).where("number", "=", order.number).execute();
    return order;
  }

  async function download(path: string) {
    const answer = await fetch(`${shop.url}${path}`, { headers: { Cookie: owner.cookieHeader() } });
    return { answer, bytes: Buffer.from(await answer.arrayBuffer()) };
  }

  it("counts orders by the month they were paid in Chicago across the fall-back change, and a refund in its own month", async () => {
    // Texas: $24.00 + $6.95 Standard + 6.25 % of both ($1.50 + $0.43) = $32.88; four candles ship free: $96.00 + $6.00.
    // 23:30 on October 31 (CDT, UTC−5): October, though it is November in UTC.
    await paidOrder("TX", 1, rates.standard, 3288, at("11-01T04:30:00Z"));
    const refunded = await paidOrder("TX", 1, rates.standard, 3288, at("10-15T17:00:00Z"));
    // Midnight on November 1 (still CDT): November.
    await paidOrder("TX", 4, rates.free, 10_200, at("11-01T05:00:00Z"));
    // 23:30 on November 30 (CST, UTC−6, after the change): November, though it is December in UTC.
    await paidOrder("OR", 1, rates.standard, 3095, at("12-01T05:30:00Z"));

    const answer = await owner.postForm(`/admin/orders/${refunded.number}`, {
      intent: "refund",
      number: refunded.number,
      restock: "on",
    });
    expect(answer.status).toBe(200);
    const refund = () => shop.db.selectFrom("refunds").selectAll().executeTakeFirst();
    await waitFor(async () => (await refund())?.status === "refunded", {
      what: "the refund job to give the money back",
    });
    // The money went back at midnight on December 1 (CST): December.
    await shop.db
      .updateTable("refunds")
      .set({ refunded_at: at("12-01T06:00:00Z") })
      .execute();

    const csv = await download(`/admin/tax.csv?year=${lastYear}`);
    expect(csv.answer.status).toBe(200);
    expect(csv.answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.answer.headers.get("content-disposition")).toMatch(
      /^attachment; filename="tax-report-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(csv.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.bytes.subarray(3).toString("utf8")).toBe(
      [
        "Month,State,Orders,Gross sales,Taxable sales,Shipping,Tax collected,Refunds,Tax refunded",
        `${lastYear}-10,TX,2,65.76,61.90,13.90,3.86,0.00,0.00`,
        `${lastYear}-11,OR,1,30.95,0.00,6.95,0.00,0.00,0.00`,
        `${lastYear}-11,TX,1,102.00,96.00,0.00,6.00,0.00,0.00`,
        `${lastYear}-12,TX,0,0.00,0.00,0.00,0.00,32.88,1.93`,
        "",
      ].join("\r\n"),
    );

    // Each month's totals, newest first, with the states of the newest listed.
    const page = await owner.get(`/admin/tax?year=${lastYear}`);
    expect(page.status).toBe(200);
    const reportOf = (html: string) => {
      const text = visibleText(html);
      return text.slice(text.indexOf("Tax report"), text.indexOf("Sales by state"));
    };
    const december = [
      `December ${lastYear} 1 state · 0 orders`,
      "Gross sales $0.00 Taxable sales $0.00 Shipping $0.00 Tax collected $0.00 Refunds $32.88 Tax refunded $1.93",
    ];
    const november = [
      `November ${lastYear} 2 states · 2 orders`,
      "Gross sales $132.95 Taxable sales $96.00 Shipping $6.95 Tax collected $6.00 Refunds $0.00 Tax refunded $0.00",
    ];
    const october = [
      `October ${lastYear} 1 state · 2 orders`,
      "Gross sales $65.76 Taxable sales $61.90 Shipping $13.90 Tax collected $3.86 Refunds $0.00 Tax refunded $0.00",
    ];
    const report = reportOf(page.html);
    expect(report).toContain(`Download the report of ${lastYear} (CSV)`);
    expect(report).toContain(
      [...december, "Texas · 0 orders", december[1], ...november, "By state", ...october, "By state"].join(" "),
    );
    expect(report).not.toContain("Oregon");
    // A month's link lists its states instead, the year kept.
    expect(page.html).toContain(
      `aria-label="November ${lastYear} by state" href="/admin/tax?year=${lastYear}&amp;month=${lastYear}-11#month-${lastYear}-11"`,
    );
    const opened = reportOf((await owner.get(`/admin/tax?year=${lastYear}&month=${lastYear}-11`)).html);
    expect(opened).toContain(
      [
        ...december,
        "By state",
        ...november,
        "Oregon · 1 order",
        "Gross sales $30.95 Taxable sales $0.00 Shipping $6.95 Tax collected $0.00 Refunds $0.00 Tax refunded $0.00",
        "Texas · 1 order",
        "Gross sales $102.00 Taxable sales $96.00 Shipping $0.00 Tax collected $6.00 Refunds $0.00 Tax refunded $0.00",
        october[0],
      ].join(" "),
    );
    expect(page.html).toContain(`href="/admin/tax.csv?year=${lastYear}"`);

    // Sales by state counts the same orders by the day paid, the refunded one too: sales made last year.
    const sales = visibleText((await owner.get("/admin/tax")).html);
    expect(sales.slice(sales.indexOf("Sales by state"))).toContain(
      `State ${lastYear + 1} ${lastYear} Texas $0.00 0 orders $167.76 3 orders Oregon $0.00 0 orders $30.95 1 order`,
    );
  });

  it("counts a state typed as its name or in any case as its code's, in the CSV, the report and sales by state", async () => {
    // Texas as a shopper in Austin may type it, each taxed at 6.25 %: $32.88. Paid now: a month that ended is summed once.
    for (const state of ["texas", "Tx", " TX "]) await paidOrder(state, 1, rates.standard, 3288, Date.now(), "78701");
    const month = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago", year: "numeric", month: "2-digit" })
      .format()
      .slice(0, 7);
    const monthName = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Chicago",
      year: "numeric",
      month: "long",
    }).format();

    const csv = (await download("/admin/tax.csv")).bytes.toString("utf8").split("\r\n");
    expect(csv.filter((line) => line.startsWith(`${month},`))).toEqual([
      `${month},TX,3,98.64,92.85,20.85,5.79,0.00,0.00`,
    ]);
    expect(csv.slice(1, -1).filter((line) => !/^\d{4}-\d\d,TX,/.test(line))).toEqual([]);
    const report = visibleText((await owner.get(`/admin/tax?month=${month}`)).html);
    expect(report).toContain(`${monthName} 1 state · 3 orders`);
    expect(report).toContain(`Texas · 3 orders Gross sales $98.64`);
    const sales = visibleText((await owner.get("/admin/tax")).html);
    const byState = sales.slice(sales.indexOf("Sales by state"));
    expect(byState).toContain(" Texas $98.64 3 orders ");
    expect(byState.match(/texas|tx/gi)).toEqual(["Texas"]);
  });

  it("refuses a year that is not one, with the reason on the page and as the CSV's answer, and never a 500", async () => {
    const thisYear = lastYear + 1;
    for (const year of ["1999", "20x5", String(thisYear + 1), "99999", "-2025"]) {
      const page = await owner.get(`/admin/tax?year=${year}`);
      expect(page.status, year).toBe(400);
      expect(visibleText(page.html)).toContain(`Choose a year from 2000 to ${thisYear}.`);
      const csv = await download(`/admin/tax.csv?year=${encodeURIComponent(year)}`);
      expect(csv.answer.status, year).toBe(400);
      expect(csv.bytes.toString("utf8")).toBe(`Choose a year from 2000 to ${thisYear}.\n`);
    }
    const empty = await download("/admin/tax.csv?year=");
    expect(empty.answer.status).toBe(200);
    expect(empty.bytes.toString("utf8")).toMatch(/^\uFEFFMonth,State,/);
  });

  it("refuses a month that is not in the report with the reason on the page, and lists no month's states", async () => {
    for (const month of [`${lastYear - 1}-11`, `${lastYear + 1}-13`, "november", "<b>"]) {
      const page = await owner.get(`/admin/tax?month=${encodeURIComponent(month)}`);
      expect(page.status, month).toBe(400);
      expect(visibleText(page.html)).toContain("That month is not in this report: choose one below.");
      expect(page.html).not.toMatch(/<ul class="admin-cards" aria-label="[^"]* by state"/);
    }
  });

  it("sends a signed-out visitor of /admin/tax.csv to sign in, and answers a shopper 404", async () => {
    const visitor = new BrowserSession(shop.url);
    const answer = await visitor.get("/admin/tax.csv?year=2025");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/auth?returnTo=${encodeURIComponent("/admin/tax.csv?year=2025")}`);
    const shopper = new BrowserSession(shop.url);
    expect((await signUp(shopper, newCredentials())).status).toBe(302);
    const refused = await shopper.get("/admin/tax.csv");
    expect(refused.status).toBe(404);
    expect(refused.html).not.toContain("Month,State");
  });
});

/**
 * Sales by state's marks, on a shop of their own: last year's orders go in
 * before its first read of /admin/tax, as a month that has ended is summed
 * once (tax-report.ts); this year's are summed at every load.
 */
describe(`the marks of sales by state on /admin/tax, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  beforeAll(async () => {
    shop = await openShop(
      { Wax: [{ id: 1001, name: "Fig Leaf", price: 24, stock: 1000 }] },
      {
        SHOP_TIME_ZONE: "America/Chicago",
      },
    );
    owner = await signedInOwner(shop);
  });
  afterAll(() => shop?.close());

  it("marks a state at 200 orders or $100,000 in either year, and not below", async () => {
    const now = Date.now();
    const lastJune = at("06-15T17:00:00Z");
    const orders = (count: number, state: string, paidAt: number, cents = 100) =>
      Array.from({ length: count }, () => orderRow({ shipping_state: state, amount_cents: cents, paid_at: paidAt }));
    await insertOrders(shop.db, [
      ...orders(199, "VT", now),
      ...orders(1, "MA", now, 9_999_999),
      ...orders(200, "ME", lastJune),
      ...orders(199, "CT", lastJune),
      ...orders(1, "NH", lastJune, 10_000_000),
      ...orders(1, "RI", lastJune, 9_999_999),
      // Not paid: never counted.
      orderRow({ shipping_state: "VT", status: "expired", paid_at: null }),
    ]);
    const salesByState = async () => {
      const text = visibleText((await owner.get("/admin/tax")).html);
      return text.slice(text.indexOf("Sales by state"));
    };
    const marked = async () => {
      const table = await salesByState();
      return ["Vermont", "Massachusetts", "Maine", "Connecticut", "New Hampshire", "Rhode Island"].filter((name) =>
        table.includes(`${name} ${NEXUS_MARK}`),
      );
    };
    expect(await marked()).toEqual(["Maine", "New Hampshire"]);
    const table = await salesByState();
    expect(table).toContain("Vermont $199.00 199 orders $0.00 0 orders");
    expect(table).toContain("Massachusetts $99,999.99 1 order $0.00 0 orders");
    expect(table).toContain(`Maine ${NEXUS_MARK} $0.00 0 orders $200.00 200 orders`);
    expect(table).toContain("Connecticut $0.00 0 orders $199.00 199 orders");
    expect(table).toContain(`New Hampshire ${NEXUS_MARK} $0.00 0 orders $100,000.00 1 order`);
    expect(table).toContain("Rhode Island $0.00 0 orders $99,999.99 1 order");

    // This year's: the next order at each threshold, counted at the next load.
    await insertOrders(shop.db, [...orders(1, "VT", now), ...orders(1, "MA", now, 1)]);
    expect(await marked()).toEqual(["Vermont", "Massachusetts", "Maine", "New Hampshire"]);
  });
});
