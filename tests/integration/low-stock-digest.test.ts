import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendLowStockDigests } from "~/.server/admin/low-stock-digest";
import type { BrowserSession } from "../helpers/browser-session";
import { signedInOwner } from "../helpers/owner";
import { type Shop, openShop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";

const textOf = (html: string) => html.replaceAll("<!-- -->", "");
const at = (day: number, hour: number) => Date.UTC(2026, 10, day, hour);
const options = (now: number) => ({ now, timeZone: "UTC", publicUrl: "https://candles.example" });

describe(`the daily low-stock email, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  beforeAll(async () => {
    shop = await openShop({
      Wax: [
        { id: 1001, name: "Fig Leaf", stock: 2 },
        { id: 1002, name: "Sea Salt", stock: 0 },
        { id: 1003, name: "Amber", stock: 40 },
      ],
    });
    owner = await signedInOwner(shop);
  });
  afterAll(() => shop.close());

  const digests = () =>
    shop.db.selectFrom("outbox").selectAll().where("kind", "=", "low_stock_digest").orderBy("id").execute();

  it("is off until the owner turns it on in /admin/account", async () => {
    expect((await owner.get("/admin/account")).html).toMatch(/<input type="checkbox" name="digest"\/>/);
    expect(await sendLowStockDigests(shop.db, options(at(24, 8)))).toBe(0);
    const on = await owner.postForm("/admin/account", { intent: "digest", digest: "on" });
    expect(on.html).toContain("The low-stock email will come each morning from 7:00, when something is low.");
    expect(on.html).toMatch(/<input type="checkbox" name="digest" checked=""\/>/);
  });

  it("goes out once a day from 7:00, however many processes run the job at once, listing what to pour", async () => {
    expect(await sendLowStockDigests(shop.db, options(at(24, 6)))).toBe(0);
    const runs = await Promise.all([1, 2, 3].map(() => sendLowStockDigests(shop.db, options(at(24, 8)))));
    expect(runs.reduce((sum, queued) => sum + queued, 0)).toBe(1);
    expect(await sendLowStockDigests(shop.db, options(at(24, 22)))).toBe(0);
    const [email, ...more] = await digests();
    expect(more).toEqual([]);
    expect(email).toMatchObject({
      to: expect.stringMatching(/@/),
      subject: "To pour: 2 candles are low on stock",
      order_id: null,
    });
    expect(email!.text).toContain("- Sea Salt: sold out (alert at 3): https://candles.example/admin/products/1002");
    expect(email!.text).toContain("- Fig Leaf: 2 left (alert at 3): https://candles.example/admin/products/1001");
    expect(email!.text).not.toContain("Amber");

    expect(await sendLowStockDigests(shop.db, options(at(25, 7)))).toBe(1);
    expect(await digests()).toHaveLength(2);
  });

  it("sends nothing on a day nothing is low, and nothing once turned off", async () => {
    await shop.db.updateTable("variants").set({ stock: 50 }).execute();
    expect(await sendLowStockDigests(shop.db, options(at(26, 9)))).toBe(0);
    await shop.db.updateTable("variants").set({ stock: 0 }).execute();
    expect(textOf((await owner.postForm("/admin/account", { intent: "digest" })).html)).toContain(
      "The low-stock email is off.",
    );
    expect(await sendLowStockDigests(shop.db, options(at(27, 9)))).toBe(0);
    expect(await digests()).toHaveLength(2);
  });
});
