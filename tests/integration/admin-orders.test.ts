import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dollarsToCents } from "~/lib/money-input";
import { newCredentials, signIn, signedUp } from "../helpers/accounts";
import { BrowserSession } from "../helpers/browser-session";
import { makeTestOwner } from "../helpers/owner";
import { setUpShippingAndTax } from "../helpers/pricing-setup";
import { type Shop, openShop, placePendingOrder } from "../helpers/shop-api";
import { placePaidOrder } from "../helpers/shop-mail";
import { testEngine } from "../helpers/test-database";

const textOf = (html: string) => html.replaceAll("<!-- -->", "");
/** The order numbers a list page shows, top to bottom. */
const numbersIn = (html: string) => [...html.matchAll(/href="\/admin\/orders\/(WS-\w+)"/g)].map((match) => match[1]);
/** Where a page's Newer or Older link goes, if it has one. */
const linkTo = (html: string, name: "Newer" | "Older") =>
  new RegExp(`<a [^>]*href="([^"]+)"[^>]*>${name}</a>`).exec(html)?.[1]?.replaceAll("&amp;", "&");

describe(`the orders list and its CSV, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  const placed: string[] = [];
  beforeAll(async () => {
    shop = await openShop({
      Wax: [
        { id: 1001, name: "Fig Leaf", price: 24, stock: 100 },
        { id: 1002, name: "Crème Brûlée", price: 18.5, stock: 100 },
      ],
    });
    const credentials = { ...newCredentials("Mara Wick"), password: "poured-by-hand-2026" };
    await makeTestOwner(shop.database, { email: credentials.email, name: "Mara", password: credentials.password });
    owner = new BrowserSession(shop.url);
    await signIn(owner, credentials);
    // Oldest first: Ada (paid, two lines), a formula-like name (paid), 100%_Wax (pending), then 26 more paid ones for paging.
    placed.push(
      (
        await placePaidOrder(
          shop,
          [
            { id: 1001, quantity: 2 },
            { id: 1002, quantity: 1 },
          ],
          { shipping: { name: "Ada Lovelace", email: "ADA@Example.com" } },
        )
      ).number,
      (
        await placePaidOrder(shop, [{ id: 1001, quantity: 1 }], {
          shipping: { name: '=HYPERLINK("http://evil")', address: "@SUM(A1)" },
        })
      ).number,
      (await placePendingOrder(shop, [{ id: 1002, quantity: 1 }], { shipping: { name: "100%_Wax Co" } })).number,
    );
    for (let index = 0; index < 26; index++)
      placed.push(
        (await placePaidOrder(shop, [{ id: 1001, quantity: 1 }], { shipping: { name: `Buyer ${index}` } })).number,
      );
  });
  afterAll(() => shop.close());

  it("lists orders newest first, 25 to a page, with Older and Newer links and the total on every page", async () => {
    const first = await owner.get("/admin/orders");
    expect(first.status).toBe(200);
    expect(textOf(first.html)).toContain("29 orders");
    expect(numbersIn(first.html)).toEqual(placed.toReversed().slice(0, 25));
    expect(linkTo(first.html, "Newer")).toBeUndefined();
    const second = await owner.get(linkTo(first.html, "Older")!);
    expect(textOf(second.html)).toContain("29 orders");
    expect(numbersIn(second.html)).toEqual(placed.toReversed().slice(25));
    expect(linkTo(second.html, "Older")).toBeUndefined();
    expect(numbersIn((await owner.get(linkTo(second.html, "Newer")!)).html)).toEqual(placed.toReversed().slice(0, 25));

    const paid = await owner.get("/admin/orders?status=paid");
    expect(linkTo(paid.html, "Older")).toMatch(/^\/admin\/orders\?status=paid&before=\d+$/);
    const olderPaid = placed
      .toReversed()
      .filter((number) => number !== placed[2])
      .slice(25);
    expect(numbersIn((await owner.get(linkTo(paid.html, "Older")!)).html)).toEqual(olderPaid);

    // A bookmark from when the cursor was "{placed at}.{id}" still opens the same page.
    const id = /before=(\d+)$/.exec(linkTo(paid.html, "Older")!)![1];
    expect(numbersIn((await owner.get(`/admin/orders?status=paid&before=1767225600000.${id}`)).html)).toEqual(
      olderPaid,
    );
  });

  it("filters by status and finds by order number, name or email in any letter case, with % and _ meaning themselves", async () => {
    expect(numbersIn((await owner.get("/admin/orders?status=pending_payment")).html)).toEqual([placed[2]]);
    expect(numbersIn((await owner.get(`/admin/orders?q=${placed[0]!.toLowerCase()}`)).html)).toEqual([placed[0]]);
    expect(numbersIn((await owner.get("/admin/orders?q=lovelace")).html)).toEqual([placed[0]]);
    expect(numbersIn((await owner.get("/admin/orders?q=ada%40example")).html)).toEqual([placed[0]]);
    expect(numbersIn((await owner.get("/admin/orders?q=100%25_")).html)).toEqual([placed[2]]);
    expect(numbersIn((await owner.get("/admin/orders?q=0%25")).html)).toEqual([placed[2]]);
    expect(numbersIn((await owner.get("/admin/orders?status=paid&q=lovelace")).html)).toEqual([placed[0]]);
    expect(numbersIn((await owner.get("/admin/orders?status=shipped")).html)).toEqual([]);
    // Part of a number, of a name (two letters read every order; three go through the index), of an email.
    expect(numbersIn((await owner.get(`/admin/orders?q=${placed[1]!.slice(3, 8)}`)).html)).toEqual([placed[1]]);
    expect(numbersIn((await owner.get("/admin/orders?q=ELAC")).html)).toEqual([placed[0]]);
    expect(numbersIn((await owner.get("/admin/orders?q=r 1")).html)).toEqual(
      placed.filter((_, index) => [4, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22].includes(index)).toReversed(),
    );
    expect(numbersIn((await owner.get("/admin/orders?q=%22Buyer 2%22")).html)).toEqual([]);
    expect(numbersIn((await owner.get("/admin/orders?q=xample.co")).html)).toEqual([placed[0]]);
    // A status, search or cursor it does not know shows all orders, from the first page; nothing answers 500.
    for (const query of [
      "status=bogus&page=x",
      "before=x",
      "after=1.2.3",
      "before=99999999999999999999.1",
      "before=2147483648",
      "after=1.99999999999",
      "q=%22",
      "q=%22%22%22",
      "q=a*b",
      "q=NEAR(a b)",
    ]) {
      expect((await owner.get(`/admin/orders?${query}`)).status).toBe(200);
    }
  });

  /** The Today screen's "Sales today", in cents. */
  async function salesToday() {
    const html = textOf((await owner.get("/admin")).html);
    const amount = /Sales today<\/p><p class="admin-figure__amount">\$([\d,.]+)</.exec(html)![1]!;
    return dollarsToCents(amount.replaceAll(",", ""))!;
  }

  /** The CSV as the browser downloads it, byte-order mark and all (fetch's text() would drop the mark). */
  async function download(path: string) {
    const answer = await fetch(`${shop.url}${path}`, { headers: { Cookie: owner.cookieHeader() } });
    const bytes = new Uint8Array(await answer.arrayBuffer());
    return { answer, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
  }

  it("exports the list's orders as CSV: one row per line, a BOM, and formula-like cells defused", async () => {
    const { answer, bytes, text } = await download("/admin/orders.csv?q=lovelace");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = text.slice(1).split("\r\n");
    expect(rows[0]).toBe(
      "Order,Status,Placed (UTC),Paid (UTC),Shipped (UTC),Refunded (UTC),Customer,Email,Phone,Ship to,Address,City,State,ZIP,Carrier,Tracking number,Subtotal,Discount,Discount code,Shipping,Tax,Order total,Item id,Item,Scent,Quantity,Unit price",
    );
    expect(rows.slice(1, -1)).toHaveLength(2);
    expect(rows[1]).toMatch(
      new RegExp(
        `^${placed[0]},paid,.*,Ada Lovelace,.*,66\\.50,0\\.00,,0\\.00,0\\.00,66\\.50,1001,Fig Leaf,.*,2,24\\.00$`,
      ),
    );
    expect(rows[2]).toContain(",1002,Crème Brûlée,");
    expect(rows.at(-1)).toBe("");

    const line = (await download(`/admin/orders.csv?q=${placed[1]}`)).text.split("\r\n")[1]!;
    expect(line).toContain(`,"'=HYPERLINK(""http://evil"")",'@SUM(A1),`);
  });

  it("shows an order's page with its lines and Total, and Today its sales, as before while nothing is set up", async () => {
    const page = textOf((await owner.get(`/admin/orders/${placed[0]}`)).html);
    expect(page).toMatch(/<th scope="row" colspan="3">Total<\/th><td>\$66\.50<\/td>/i);
    for (const absent of ["Subtotal", "Shipping (", "Tax (", "Order total"]) expect(page).not.toContain(absent);
    const today = textOf((await owner.get("/admin")).html);
    expect(today).toContain("Sales today");
    expect(today).not.toContain("of which");
  });

  it("once shipping and tax are set up, an order's page, the CSV and Today show what its total is made of", async () => {
    const rates = await setUpShippingAndTax(shop.db);
    const salesBefore = await salesToday();
    // $24.00 + $6.95 shipping + 6.25 % Texas tax on both ($1.50 + $0.43) = $32.88.
    const order = await placePaidOrder(shop, [{ id: 1001, quantity: 1 }], {
      shipping: { name: "Tex Wick", state: "TX", zip: "75001" },
      choice: { shippingRateId: rates.standard, expectedTotalCents: 3288 },
    });

    const page = textOf((await owner.get(`/admin/orders/${order.number}`)).html);
    const tfoot = /<tfoot>(.*)<\/tfoot>/.exec(page)![1]!;
    expect(
      [...tfoot.matchAll(/<th scope="row" colspan="3">([^<]*)<\/th><td>([^<]*)<\/td>/gi)].map(
        (row) => `${row[1]}: ${row[2]}`,
      ),
    ).toEqual(["Subtotal: $24.00", "Shipping (Standard): $6.95", "Tax (TX 6.25 %): $1.93", "Order total: $32.88"]);
    expect(page).toContain("Cancel and refund $32.88");

    const rows = (await download(`/admin/orders.csv?q=${order.number}`)).text.split("\r\n");
    expect(rows[1]).toMatch(
      new RegExp(
        `^${order.number},paid,.*,Tex Wick,.*,TX,75001,,,24\\.00,0\\.00,,6\\.95,1\\.93,32\\.88,1001,Fig Leaf,.*,1,24\\.00$`,
      ),
    );

    // A free shipping method is named on the page too, even with no tax to show.
    const free = await placePaidOrder(shop, [{ id: 1001, quantity: 4 }], {
      choice: { shippingRateId: rates.free, expectedTotalCents: 9600 },
    });
    const freePage = textOf((await owner.get(`/admin/orders/${free.number}`)).html);
    expect(freePage).toMatch(/<th scope="row" colspan="3">Shipping \(Free shipping\)<\/th><td>Free<\/td>/i);
    expect(freePage).not.toContain("Tax (");

    const today = textOf((await owner.get("/admin")).html);
    expect(await salesToday()).toBe(salesBefore + 3288 + 9600);
    expect(today.match(/of which \$1\.93 tax/g)).toHaveLength(2);
  });

  it("shows the list and the CSV to the owner only", async () => {
    for (const path of ["/admin/orders", "/admin/orders.csv"]) {
      expect((await new BrowserSession(shop.url).get(path)).location).toBe(
        `/auth?returnTo=${encodeURIComponent(path)}`,
      );
      const shopper = new BrowserSession(shop.url);
      await signedUp(shopper);
      expect((await shopper.get(path)).status).toBe(404);
    }
  });
});
