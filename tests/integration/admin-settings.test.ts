import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession } from "../helpers/browser-session";
import { signedInOwner } from "../helpers/owner";
import { cachedGet } from "../helpers/page-cache";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import { sidewaysPhonePhoto } from "../helpers/photos";
import { openShop, type Shop } from "../helpers/shop-api";
import { placePaidOrder, rowsWithStatus } from "../helpers/shop-mail";
import { testEngine } from "../helpers/test-database";
import { visibleText } from "../helpers/visible-text";
import { waitFor } from "../helpers/wait-for";

const SHOP_EMAIL = "orders@wickshop.test";
const year = new Date().getUTCFullYear();

/** The form as a fresh shop shows it: SPEC's texts and the environment's email and links. */
const fresh = {
  name: "Wickshop",
  tagline: "Hand-poured in small batches.",
  contactEmail: SHOP_EMAIL,
  phone: "",
  address: "",
  facebook: "https://www.facebook.com/",
  instagram: "https://www.instagram.com/",
  etsy: "https://www.etsy.com/",
  announcement: "",
  announcementLink: "",
};

const hers = {
  ...fresh,
  name: "Luna & Wick",
  tagline: "Small-batch soy candles from Austin.",
  contactEmail: "hello@lunawick.example",
  phone: "+1 512 555 0100",
  address: "12 Wick Lane\nAustin, TX 78701",
  facebook: "",
  instagram: "https://www.instagram.com/lunawick",
  announcement: "Free shipping over $75 this week",
  announcementLink: "/shop/seasonal",
};

/** What a guest sees of the shop's name and links on a page. */
function seen(html: string) {
  const text = visibleText(html);
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    siteName: /property="og:site_name" content="([^"]*)"/.exec(html)?.[1],
    home: /aria-label="([^"]*) home"/.exec(html)?.[1],
    credit: /Created by [^©]*© \d{4}/.exec(text)?.[0],
    footerTagline: text.includes(`${hers.tagline} Created by`),
    facebook: html.includes(">Facebook</a>"),
    instagram: /href="([^"]*)"[^>]*>Instagram<\/a>/.exec(html)?.[1],
    announcement: text.includes(hers.announcement),
  };
}

describe(`the shop's own name and links from /admin/settings, on ${testEngine}`, () => {
  let shop: Shop;
  let other: ServerProcess;
  let owner: BrowserSession;
  beforeAll(async () => {
    shop = await openShop({ Wax: [{ id: 5101, name: "Lantern", price: 20, stock: 5 }] }, { SHOP_EMAIL });
    other = await startServerProcess({ ...shop.database.env, SHOP_EMAIL });
    owner = await signedInOwner(shop);
  });
  afterAll(async () => {
    await other?.stop();
    await shop?.close();
  });

  const save = (fields: Record<string, string>) => owner.postForm("/admin/settings", { intent: "save", ...fields });

  it("a fresh shop reads as it always has", async () => {
    const guest = new BrowserSession(shop.url);
    const home = await cachedGet(guest, "/");
    expect(seen(home.html)).toEqual({
      title: "Wickshop",
      siteName: "Wickshop",
      home: "Wickshop",
      credit: `Created by Wickshop © ${year}`,
      footerTagline: false,
      facebook: true,
      instagram: "https://www.instagram.com/",
      announcement: false,
    });
    expect(visibleText(home.html)).toContain(`Hand-poured in small batches. Created by Wickshop © ${year}`);
    expect(visibleText((await guest.get("/contact")).html)).toContain(SHOP_EMAIL);
    expect((await guest.get("/shop/wax")).html).toContain("<title>Wax candles · Wickshop</title>");
  });

  it.each([
    ["an empty name", { name: " " }, "name", "Give the shop a name."],
    ["a name of 61 characters", { name: "W".repeat(61) }, "name", "Shop name has at most 60 characters."],
    ["a contact email that is none", { contactEmail: "hello" }, "contactEmail", "Enter an email address"],
    ["an http social link", { facebook: "http://facebook.com/x" }, "facebook", "Facebook must be an https link"],
    ["a javascript: link", { etsy: "javascript:alert(1)" }, "etsy", "Etsy must be an https link"],
    ["letters for a phone", { phone: "call me" }, "phone", "Phone may hold only digits"],
    ["an announcement on two lines", { announcement: "a\nb" }, "announcement", "must be plain text on one line"],
    [
      "a link off to another site's path",
      { announcementLink: "//evil.example/x" },
      "announcementLink",
      "a page of the shop",
    ],
  ])("refuses %s beside its field, and changes nothing", async (_, change, field, message) => {
    const answer = await save({ ...fresh, ...change });
    expect(answer.status).toBe(400);
    expect(visibleText(answer.html)).toContain(message);
    expect(answer.html).toMatch(
      new RegExp(`name="${field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${field}"`),
    );
    const home = await new BrowserSession(shop.url).get("/");
    expect(seen(home.html).title).toBe("Wickshop");
  });

  it("a save shows her name, links and announcement on both processes at their next request, and is in the activity log", async () => {
    // The other process has the fresh home page in its cache, to be replaced.
    expect(seen((await cachedGet(new BrowserSession(other.url), "/")).html).home).toBe("Wickshop");
    const answer = await save(hers);
    expect(answer.status).toBe(200);
    expect(visibleText(answer.html)).toContain(
      "Saved: Shop name, Tagline, Contact email, Phone, Business address, Facebook, Instagram, Announcement, Announcement link.",
    );

    for (const url of [shop.url, other.url]) {
      const guest = new BrowserSession(url);
      const home = await cachedGet(guest, "/");
      expect(seen(home.html), url).toEqual({
        title: "Luna &amp; Wick",
        siteName: "Luna &amp; Wick",
        home: "Luna &amp; Wick",
        credit: `Created by Luna & Wick © ${year}`,
        footerTagline: true,
        facebook: false,
        instagram: "https://www.instagram.com/lunawick",
        announcement: true,
      });
      expect(home.html).toMatch(/<a href="\/shop\/seasonal"[^>]*>Free shipping over \$75 this week<\/a>/);
      expect((await guest.get("/shop/wax/5101/")).html).toContain("<title>Lantern · Luna &amp; Wick</title>");
      const contact = visibleText((await guest.get("/contact")).html);
      expect(contact).toContain("hello@lunawick.example +1 512 555 0100 12 Wick Lane Austin, TX 78701");
      const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(home.html)?.[1];
      expect(JSON.parse(jsonLd!)).toMatchObject({
        "@type": "Organization",
        name: "Luna & Wick",
        address: hers.address,
        contactPoint: { email: "hello@lunawick.example", telephone: "+1 512 555 0100" },
        sameAs: ["https://www.instagram.com/lunawick", "https://www.etsy.com/"],
      });
    }

    // The receipt is written with the name, and goes out from it.
    const order = await placePaidOrder(shop, [{ id: 5101, quantity: 1 }], { shipping: { email: "ada@example.com" } });
    const [receipt] = await waitFor(
      () =>
        rowsWithStatus(shop.db, order.id, "sent", 2).then((rows) =>
          rows?.filter((row) => row.kind === "order_receipt"),
        ),
      {
        timeoutMs: 15_000,
        what: "the receipt sent",
      },
    );
    expect(receipt!.subject).toBe(`Your Luna & Wick order ${order.number}`);
    const mail = await simpleParser(
      fs.readFileSync(path.join(shop.database.env.DATA_DIR, "outbox", `${receipt!.id}.eml`)),
    );
    expect(mail.from?.value).toEqual([{ name: "Luna & Wick", address: SHOP_EMAIL }]);

    const log = visibleText((await owner.get("/admin/activity")).html);
    expect(log).toContain("Luna & Wick");
    const again = await save(hers);
    expect(visibleText(again.html)).toContain("Nothing changed.");
  });

  it("a logo is processed as photos are, replaces the mark and makes the icons; SVG is refused; Remove brings the mark back", async () => {
    const upload = (file: Buffer, name: string, type: string) => {
      const form = new FormData();
      form.set("intent", "logo");
      form.set("logo", new Blob([new Uint8Array(file)], { type }), name);
      return owner.postMultipart("/admin/settings", form);
    };
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>',
    );
    const refused = await upload(svg, "logo.svg", "image/svg+xml");
    expect(refused.status).toBe(400);
    expect(visibleText(refused.html)).toContain("logo.svg is a SVG file: use a PNG, JPEG or WebP file.");

    // A phone's photo, sideways with its GPS position: upright and without metadata once stored.
    const saved = await upload(await sidewaysPhonePhoto(), "logo.jpg", "image/jpeg");
    expect(saved.status).toBe(200);
    expect(visibleText(saved.html)).toContain("Logo saved");
    const home = (await new BrowserSession(shop.url).get("/")).html;
    const nav =
      /<img class="logo__image" src="(\/photos\/[0-9a-f]{24}-(\d+)\.webp)"[^>]*width="(\d+)" height="(\d+)"/.exec(home);
    expect(nav, "the nav shows the logo").not.toBeNull();
    const [, navUrl, navWidth, shownWidth, shownHeight] = nav!;
    // Upright it is 800 × 1000: 96 px tall at most in the file, shown half that.
    expect([Number(navWidth), Number(shownWidth), Number(shownHeight)]).toEqual([77, 39, 48]);
    expect(home).toMatch(/<link rel="icon" href="\/photos\/[0-9a-f]{24}-32\.webp" type="image\/webp" sizes="32x32"\/>/);
    expect(home).toMatch(/<link rel="apple-touch-icon" href="\/photos\/[0-9a-f]{24}-180\.webp"\/>/);
    expect(home).not.toContain("/favicon.svg");
    const file = await fetch(new URL(navUrl!, shop.url));
    expect(file.headers.get("content-type")).toBe("image/webp");
    const metadata = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 77, height: 96 });
    expect([metadata.exif, metadata.xmp, metadata.orientation]).toEqual([undefined, undefined, undefined]);

    const removed = await owner.postForm("/admin/settings", { intent: "remove-logo" });
    expect(visibleText(removed.html)).toContain("Logo removed");
    const after = (await new BrowserSession(shop.url).get("/")).html;
    expect(after).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    expect(after).not.toContain('class="logo__image"');
    // Nothing shows the old logo's files any more: they are gone.
    expect((await fetch(new URL(navUrl!, shop.url))).status).toBe(404);
  });
});
