import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession } from "../helpers/browser-session";
import { cachedGet } from "../helpers/page-cache";
import { openShop, type Shop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";
import { giveOptions, setVariantStock } from "../helpers/variants";
import { visibleText } from "../helpers/visible-text";

/*
 * The product page of a product with options (DESIGN.md, "Sizes and
 * scents"), as the server renders it: what a shopper sees first, what a
 * shared `?variant=` link opens, what search engines read, and the page
 * cache keeping each variant's page.
 */
const lavender = { product: 1001, small: 5101, large: 5102, gone: 5103 };
const duo = { product: 1002, lavenderSmall: 5201, lavenderLarge: 5202, cedarLarge: 5203 };
const plain = 1003;

const lavenderPage = "/shop/wax/1001/";

/** The radio inputs of a page, with what each says and whether it is checked or disabled. */
function radios(html: string) {
  return [...html.matchAll(/<label class="variant-chip">(.*?)<\/label>/g)].map(([, label]) => ({
    label: visibleText(label!).trim(),
    checked: /<input[^>]*\bchecked=""/.test(label!),
    disabled: /<input[^>]*\bdisabled=""/.test(label!),
  }));
}

const legends = (html: string) =>
  [...html.matchAll(/<legend[^>]*>(.*?)<\/legend>/g)].map(([, legend]) => visibleText(legend!).trim());

/** What a reader sees, without the comments React puts between a text's parts ("Price: $<!-- -->18.00"). */
const textOf = (html: string) => visibleText(html.replaceAll("<!-- -->", ""));

const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;

const shownPhoto = (html: string) => /class="carousel__track[^"]*" data-photo="(\d+)"/.exec(html)?.[1];

describe(`a product page with options on ${testEngine}`, () => {
  let shop: Shop;
  let guest: BrowserSession;
  beforeAll(async () => {
    shop = await openShop(
      {
        Wax: [{ id: lavender.product, name: "Lavender Fields" }, { id: duo.product, name: "Duo" }, { id: plain }],
      },
      // The page cache logs its hits at "info".
      { LOG_LEVEL: "info" },
    );
    await shop.db
      .updateTable("products")
      .set({ images: JSON.stringify(["/images/a-800.webp", "/images/b-800.webp"]) })
      .where("id", "=", lavender.product)
      .execute();
    const sizes = [
      { id: lavender.small, values: ["8 oz"], priceCents: 1800, stock: 3 },
      { id: lavender.large, values: ["12 oz"], priceCents: 2400, stock: 4, sku: "LAV-12", image: 1 },
    ];
    // 16 oz was sold, then taken out of the options: archived.
    const withLarger = { id: lavender.gone, values: ["16 oz"], priceCents: 3000, stock: 0 };
    const size = (values: string[]) => [{ name: "Size", values }];
    await giveOptions(shop.db, lavender.product, size(["8 oz", "12 oz", "16 oz"]), [...sizes, withLarger]);
    await giveOptions(shop.db, lavender.product, size(["8 oz", "12 oz"]), sizes);
    await giveOptions(
      shop.db,
      duo.product,
      [
        { name: "Size", values: ["8 oz", "12 oz"] },
        { name: "Scent", values: ["Lavender", "Cedar"] },
      ],
      // 8 oz / Cedar is not made.
      [
        { id: duo.lavenderSmall, values: ["8 oz", "Lavender"], priceCents: 1800, stock: 2 },
        { id: duo.lavenderLarge, values: ["12 oz", "Lavender"], priceCents: 2400, stock: 2 },
        { id: duo.cedarLarge, values: ["12 oz", "Cedar"], priceCents: 2400, stock: 0 },
      ],
    );
    guest = new BrowserSession(shop.url);
  });
  afterAll(() => shop?.close());

  it("shows a radio group per option, the first variant that can be bought, its price and photo", async () => {
    const { html } = await cachedGet(guest, lavenderPage);
    expect(legends(html)).toEqual(["Size"]);
    expect(radios(html)).toEqual([
      { label: "8 oz", checked: true, disabled: false },
      { label: "12 oz", checked: false, disabled: false },
    ]);
    expect(textOf(html)).toContain("Price: $18.00");
    expect(textOf(html)).toContain("Add to Cart");
    expect(shownPhoto(html)).toBe("0");
  });

  it("opens the variant a shared link names, with its price and photo from the first paint", async () => {
    const { html } = await cachedGet(guest, `${lavenderPage}?variant=${lavender.large}`);
    expect(radios(html)).toEqual([
      { label: "8 oz", checked: false, disabled: false },
      { label: "12 oz", checked: true, disabled: false },
    ]);
    expect(textOf(html)).toContain("Price: $24.00");
    expect(html).toContain('<meta property="product:price:amount" content="24.00"/>');
    expect(shownPhoto(html)).toBe("1");
  });

  it("opens the product for a variant that is not one of its own, archived, or not written as an id", async () => {
    for (const variant of [String(lavender.gone), String(duo.lavenderSmall), "999999", "abc", `0${lavender.large}`]) {
      const page = await guest.get(`${lavenderPage}?variant=${variant}&utm_source=mail`);
      expect(page.status, variant).toBe(302);
      expect(page.location, variant).toBe(`${lavenderPage}?utm_source=mail`);
    }
    const page = await guest.get(`/shop/wax/${plain}/?variant=${plain}`);
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/shop/wax/${plain}/`);
  });

  it("lists each variant on sale as an Offer at its own address, with its SKU when it has one", async () => {
    const { html } = await cachedGet(guest, lavenderPage);
    const url = (variant: number) => expect.stringMatching(new RegExp(`/shop/wax/1001/\\?variant=${variant}$`));
    expect(jsonLd(html)).toMatchObject({ "@type": "Product", name: "Lavender Fields", sku: "1001" });
    expect(jsonLd(html).offers).toEqual([
      {
        "@type": "Offer",
        url: url(lavender.small),
        name: "8 oz",
        price: "18.00",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
      },
      {
        "@type": "Offer",
        url: url(lavender.large),
        name: "12 oz",
        price: "24.00",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        sku: "LAV-12",
      },
    ]);
  });

  it("says Sold out beside a value that cannot be bought with the other choices, and never offers a combination that does not exist", async () => {
    const { html } = await cachedGet(guest, "/shop/wax/1002/");
    expect(legends(html)).toEqual(["Size", "Scent"]);
    // 8 oz / Cedar is not made and 12 oz / Cedar is sold out: Cedar cannot be bought.
    expect(radios(html)).toEqual([
      { label: "8 oz", checked: true, disabled: false },
      { label: "12 oz", checked: false, disabled: false },
      { label: "Lavender", checked: true, disabled: false },
      { label: "Cedar Sold out", checked: false, disabled: true },
    ]);
    expect(jsonLd(html).offers).toContainEqual(
      expect.objectContaining({ name: "12 oz / Cedar", availability: "https://schema.org/OutOfStock" }),
    );
  });

  it("says the variant is out of stock when the chosen one sells out, and opens the product on one that can be bought", async () => {
    await setVariantStock(shop.db, lavender.small, 0);
    const chosen = await cachedGet(guest, `${lavenderPage}?variant=${lavender.small}`);
    expect(radios(chosen.html)[0]).toEqual({ label: "8 oz Sold out", checked: true, disabled: true });
    expect(textOf(chosen.html)).toContain("Price: $18.00");
    expect(textOf(chosen.html)).toContain("Sorry, this item is out of stock!");
    expect(textOf(chosen.html)).not.toContain("Add to Cart");

    const { html } = await cachedGet(guest, lavenderPage);
    expect(radios(html)).toEqual([
      { label: "8 oz Sold out", checked: false, disabled: true },
      { label: "12 oz", checked: true, disabled: false },
    ]);
    expect(textOf(html)).toContain("Price: $24.00");
    await setVariantStock(shop.db, lavender.small, 3);
  });

  it("keeps a product page and each of its variants' pages in the page cache", async () => {
    const paths = [
      lavenderPage,
      `${lavenderPage}?variant=${lavender.large}`,
      `/shop/wax/1001/_.data?variant=${lavender.large}`,
    ];
    for (const path of paths) await cachedGet(guest, path);
    const logFrom = shop.server.output().length;
    for (const path of paths) {
      const first = await cachedGet(guest, path);
      const again = await cachedGet(guest, path);
      expect(again.headers.get("etag"), path).toBe(first.headers.get("etag"));
    }
    const hits = () =>
      shop.server
        .output()
        .slice(logFrom)
        .split("\n")
        .filter((line) => line.includes('"cache":"hit"'))
        .map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
    // The server writes its log lines after it answers: the last ones may come a moment later.
    for (const path of paths)
      await expect.poll(() => hits().filter((url) => url === path), { message: path, timeout: 5000 }).toHaveLength(2);
    // The variant's page is its own: not the product page's copy.
    expect((await cachedGet(guest, paths[1]!)).headers.get("etag")).not.toBe(
      (await cachedGet(guest, paths[0]!)).headers.get("etag"),
    );
  });

  it("leaves a product without options as it was: no radio groups, one Offer", async () => {
    const { html } = await cachedGet(guest, `/shop/wax/${plain}/`);
    expect(html).not.toContain("<fieldset");
    expect(radios(html)).toEqual([]);
    expect(textOf(html)).toContain("Price: $10.00");
    expect(jsonLd(html).offers).toEqual({
      "@type": "Offer",
      url: expect.stringMatching(/\/shop\/wax\/1003\/$/),
      price: "10.00",
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
    });
  });
});
