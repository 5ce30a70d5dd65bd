import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession } from "../helpers/browser-session";
import { signedInOwner } from "../helpers/owner";
import { cachedGet } from "../helpers/page-cache";
import { openShop, type Shop } from "../helpers/shop-api";
import { outboxRowsOf, placePaidOrder } from "../helpers/shop-mail";
import { testEngine } from "../helpers/test-database";
import { visibleText } from "../helpers/visible-text";

const about = {
  aboutTitle: "Who pours them",
  aboutHeading: "Luna's candles",
  aboutText:
    "I pour every candle **by hand** in Austin.\n\n## Where\n\nFind me at [the market](https://market.example).",
};
const refunds = "# Refunds\n\nSend a candle back **unused** within 30 days and we refund it.";

describe(`the shop's own pages and policies from /admin/pages, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  beforeAll(async () => {
    shop = await openShop({ Wax: [{ id: 5201, name: "Lantern", price: 20, stock: 5 }] });
    owner = await signedInOwner(shop);
  });
  afterAll(() => shop?.close());

  const guest = () => new BrowserSession(shop.url);
  const save = (intent: string, fields: Record<string, string>) =>
    owner.postForm("/admin/pages", { intent, ...fields });
  const footerLinks = (html: string) =>
    [
      ...(/aria-label="About the shop"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "").matchAll(
        /<a href="([^"]+)"[^>]*>([^<]+)</g,
      ),
    ].map(([, href, label]) => `${label} ${href}`);

  it("a fresh shop has SPEC's About and Contact, and no policy", async () => {
    const page = (await guest().get("/about")).html;
    expect(page).toContain("<title>Our Journey · Wickshop</title>");
    expect(visibleText(page)).toContain("Our Story It started with a single jar of soy wax");
    expect(footerLinks((await cachedGet(guest(), "/")).html)).toEqual(["Contact Us /contact", "Our Journey /about"]);
    for (const slug of ["shipping", "refunds", "privacy", "terms", "cookies"])
      expect((await guest().get(`/policies/${slug}`)).status, slug).toBe(404);
    expect((await guest().get("/sitemap.xml")).html).not.toContain("/policies/");
  });

  it.each([
    ["a Title on two lines", "about", { ...about, aboutTitle: "a\nb" }, "Title must be plain text on one line."],
    [
      "a policy of 20,001 characters",
      "refunds",
      { refundPolicy: "x".repeat(20_001) },
      "A page has at most 20,000 characters.",
    ],
  ])("refuses %s, and changes nothing", async (_, intent, fields, message) => {
    const answer = await save(intent, fields);
    expect(answer.status).toBe(400);
    expect(visibleText(answer.html)).toContain(message);
    expect((await guest().get("/policies/refunds")).status).toBe(404);
    expect(visibleText((await guest().get("/about")).html)).toContain("Our Story");
  });

  it("a template fills the form with the shop's words and publishes nothing until she saves", async () => {
    const answer = await save("template:refunds", { refundPolicy: "", returnDays: "14" });
    expect(answer.status).toBe(200);
    const text = visibleText(answer.html);
    expect(text).toContain("The template is in Refund policy's form: read it, change it, and Save to publish it.");
    expect(text).toContain("not legal advice");
    expect(text).toContain("write to hello@wickshop.example within 14 days of delivery");
    expect((await guest().get("/policies/refunds")).status).toBe(404);
    const refused = await save("template:refunds", { refundPolicy: "", returnDays: "0" });
    expect(refused.status).toBe(400);
    expect(visibleText(refused.html)).toContain("Enter at least 1 day.");
  });

  it("her About and refund policy are published, linked from every page and the sitemap, and an emptied policy is gone", async () => {
    expect(visibleText((await save("about", about)).html)).toContain("About saved.");
    const page = (await guest().get("/about")).html;
    expect(page).toContain("<title>Who pours them · Wickshop</title>");
    expect(page).toContain('<h1 class="page__title">Luna&#x27;s candles</h1>');
    expect(page).toContain("<p>I pour every candle <strong>by hand</strong> in Austin.</p>\n<h2>Where</h2>");
    expect(page).toContain('<a href="https://market.example" rel="noopener noreferrer">the market</a>');

    // A field of another form changes nothing there.
    const saved = await save("refunds", { refundPolicy: refunds, aboutText: "sneaked in" });
    expect(visibleText(saved.html)).toContain("Refund policy saved.");
    expect(visibleText((await guest().get("/about")).html)).not.toContain("sneaked in");
    const policy = await guest().get("/policies/refunds");
    expect(policy.status).toBe(200);
    expect(policy.html).toContain("<title>Refund policy · Wickshop</title>");
    expect(policy.html).toContain("<h2>Refunds</h2>\n<p>Send a candle back <strong>unused</strong> within 30 days");
    // The home page comes from the page cache: the save made it render again.
    expect(footerLinks((await cachedGet(guest(), "/")).html)).toEqual([
      "Contact Us /contact",
      "Who pours them /about",
      "Refund policy /policies/refunds",
    ]);
    expect((await guest().get("/sitemap.xml")).html).toContain("/policies/refunds</loc>");
    // A receipt links it, at the running shop's address.
    const order = await placePaidOrder(shop, [{ id: 5201, quantity: 1 }], { shipping: { email: "ada@example.com" } });
    const receipt = (await outboxRowsOf(shop.db, order.id)).find((row) => row.kind === "order_receipt")!;
    expect(receipt.text).toContain(`Our refund policy: ${shop.url}/policies/refunds`);

    await save("refunds", { refundPolicy: "  " });
    expect((await guest().get("/policies/refunds")).status).toBe(404);
    expect(footerLinks((await cachedGet(guest(), "/")).html)).not.toContain("Refund policy /policies/refunds");
    const log = visibleText((await owner.get("/admin/activity")).html);
    expect(log).toContain("Refund policy");
  });
});
