import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserSession } from "../helpers/browser-session";
import { signedInOwner } from "../helpers/owner";
import { parseCatalogFile } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
import { catalogFile } from "../helpers/catalog-files";
import { noisyPhoto, plainPhoto } from "../helpers/photos";
import { type Shop, openShop } from "../helpers/shop-api";
import { testEngine } from "../helpers/test-database";

const textOf = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

describe(`the owner's categories, on ${testEngine}`, () => {
  let shop: Shop;
  let owner: BrowserSession;
  beforeAll(async () => {
    shop = await openShop({ Wax: [{ id: 1001, name: "Fig Leaf" }], Jelly: [{ id: 3001, name: "Sea Glass" }] });
    owner = await signedInOwner(shop);
  });
  afterAll(() => shop.close());

  /** A categories form as the page sends it (multipart, for the tile photo). */
  async function post(fields: Record<string, string>, photo?: string) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (photo)
      form.append("photos", new Blob([new Uint8Array(await plainPhoto(photo))], { type: "image/png" }), "tile.png");
    return owner.postMultipart("/admin/categories", form);
  }
  const idOf = async (title: string) =>
    (await shop.db.selectFrom("categories").select("id").where("title", "=", title).executeTakeFirstOrThrow()).id;
  const menu = async () =>
    (await shop.db.selectFrom("categories").select("title").orderBy("position").orderBy("id").execute()).map(
      (row) => row.title,
    );
  const visit = (path: string) => fetch(new URL(path, shop.url), { redirect: "manual" });

  it("adds a category with its tile photo at the end of the menu, and refuses a taken or URL-breaking title", async () => {
    const added = await post({ intent: "create", title: "Soy" }, "#d0a070");
    expect(textOf(added.html)).toContain("Category “Soy” added.");
    expect(await menu()).toEqual(["Wax", "Jelly", "Soy"]);
    const soy = await shop.db.selectFrom("categories").selectAll().where("title", "=", "Soy").executeTakeFirstOrThrow();
    expect(soy).toMatchObject({ slug: "soy", route: "shop/soy" });
    expect(soy.image_url).toMatch(/^\/photos\/[0-9a-f]{24}-800\.webp$/);
    expect((await visit("/shop/soy")).status).toBe(200);
    expect(await (await visit("/")).text()).toContain(soy.image_url.replace("-800.", "-400."));

    for (const [fields, message] of [
      [{ intent: "create", title: "wax" }, "There is a category “wax” already."],
      [{ intent: "create", title: "Soy/Coconut" }, "A title cannot hold / ? # % or \\."],
      [{ intent: "create", title: "Beeswax" }, "Choose a photo for the tile."],
    ] as const) {
      const refused = await post(fields, fields.title === "Beeswax" ? undefined : "#aaaaaa");
      expect(refused.status).not.toBe(200);
      expect(textOf(refused.html)).toContain(message);
    }
    expect(await menu()).toEqual(["Wax", "Jelly", "Soy"]);
  });

  it("renames a category: its pages move to the new URL and the old URLs redirect there permanently", async () => {
    const jelly = await idOf("Jelly");
    expect(textOf((await post({ intent: "rename", id: String(jelly), title: "Jelly Jars" })).html)).toContain(
      "Renamed to “Jelly Jars”. Its old address leads to it.",
    );
    const category = await visit("/shop/jelly?page=1");
    expect(category.status).toBe(301);
    expect(category.headers.get("location")).toBe("/shop/jelly%20jars?page=1");
    const product = await visit("/shop/jelly/3001");
    expect(product.status).toBe(301);
    expect(product.headers.get("location")).toBe("/shop/jelly%20jars/3001");
    const page = await visit("/shop/jelly%20jars/3001");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Sea Glass");
    expect((await visit("/shop/nothing-here")).status).toBe(404);
    // A page loaded before the rename asks for the next page's data (`.data`): it is sent to the page, not to its data.
    for (const [path, target] of [
      ["/shop/jelly/3001.data", "/shop/jelly%20jars/3001"],
      ["/shop/jelly.data?page=1", "/shop/jelly%20jars?page=1"],
    ]) {
      const answer = await visit(path!);
      const body = await answer.text();
      expect(answer.headers.get("x-remix-redirect") ?? body, path).toContain(target);
      expect(answer.headers.get("x-remix-redirect") ?? body, path).not.toContain(".data");
    }

    // Renamed back, the first URL is live again and the second one redirects to it.
    await post({ intent: "rename", id: String(jelly), title: "Jelly" });
    expect((await visit("/shop/jelly")).status).toBe(200);
    expect((await visit("/shop/jelly%20jars")).headers.get("location")).toBe("/shop/jelly");
    const [entry] = await shop.db
      .selectFrom("activity")
      .selectAll()
      .where("action", "=", "category.renamed")
      .orderBy("id")
      .execute();
    expect(JSON.parse(entry!.before!)).toEqual({ title: "Jelly" });
    expect(JSON.parse(entry!.after!)).toEqual({ title: "Jelly Jars" });
  });

  it("renames a category whose old title an import brought back, and takes a tile photo larger than a form's 16 KB when the page posts its data", async () => {
    // "Jelly Jars" → "Jelly" left a redirect from "jelly jars"; an import makes "Jelly Jars" a category again, and it can be renamed.
    await importCatalog(shop.db, parseCatalogFile(catalogFile({ "Jelly Jars": [{ id: 3501 }] })), { replace: false });
    const jars = await idOf("Jelly Jars");
    expect((await visit("/shop/jelly%20jars")).status).toBe(200);
    expect(textOf((await post({ intent: "rename", id: String(jars), title: "Jam Jars" })).html)).toContain(
      "Renamed to “Jam Jars”.",
    );
    expect((await visit("/shop/jelly%20jars")).headers.get("location")).toBe("/shop/jam%20jars");

    const form = new FormData();
    form.append("intent", "photo");
    form.append("id", String(jars));
    form.append("photos", new Blob([new Uint8Array(await noisyPhoto())], { type: "image/png" }), "tile.png");
    const answer = await owner.postMultipart("/admin/categories.data", form);
    expect(answer.status).toBe(200);
    expect(answer.html).toContain("has its new photo");
    expect((await owner.postForm("/admin/products/3501", { intent: "delete", confirm: "on" })).status).toBe(302);
    expect(textOf((await post({ intent: "delete", id: String(jars) })).html)).toContain("“Jam Jars” is deleted.");
  });

  it("reorders the menu, changes a tile photo, and deletes a category only once it is empty", async () => {
    await post({ intent: "up", id: String(await idOf("Soy")) });
    expect(await menu()).toEqual(["Wax", "Soy", "Jelly"]);
    await post({ intent: "down", id: String(await idOf("Wax")) });
    expect(await menu()).toEqual(["Soy", "Wax", "Jelly"]);
    const home = await (await visit("/")).text();
    expect(home.indexOf("/shop/soy")).toBeLessThan(home.indexOf("/shop/wax"));

    const soy = await idOf("Soy");
    const before = await shop.db
      .selectFrom("categories")
      .select("image_url")
      .where("id", "=", soy)
      .executeTakeFirstOrThrow();
    expect(textOf((await post({ intent: "photo", id: String(soy) }, "#305070")).html)).toContain(
      "“Soy” has its new photo.",
    );
    const after = await shop.db
      .selectFrom("categories")
      .select("image_url")
      .where("id", "=", soy)
      .executeTakeFirstOrThrow();
    expect(after.image_url).not.toBe(before.image_url);
    // The replaced photo is gone from the database; the new one is served.
    expect((await visit(before.image_url)).status).toBe(404);
    expect((await visit(after.image_url)).status).toBe(200);

    const refused = await post({ intent: "delete", id: String(await idOf("Wax")) });
    expect(refused.status).toBe(409);
    expect(textOf(refused.html)).toContain("“Wax” still holds products: move or delete them first.");
    expect(textOf((await post({ intent: "delete", id: String(soy) })).html)).toContain("“Soy” is deleted.");
    expect(await menu()).toEqual(["Wax", "Jelly"]);
    expect((await visit("/shop/soy")).status).toBe(404);
    expect((await visit(after.image_url)).status).toBe(404);
  });

  it("answers a category id no row can have as a stale page, never 500, changing nothing", async () => {
    const before = await shop.db.selectFrom("categories").selectAll().orderBy("id").execute();
    for (const id of ["2147483648", "9007199254740991"]) {
      const forms: Record<string, string>[] = [
        { intent: "rename", id, title: "Huge" },
        { intent: "up", id },
        { intent: "delete", id },
      ];
      for (const fields of forms) {
        const answer = await post(fields);
        expect(answer.status, `${fields.intent} ${id}`).toBe(400);
        expect(textOf(answer.html)).toContain("Reload the page and try again.");
      }
    }
    expect(await shop.db.selectFrom("categories").selectAll().orderBy("id").execute()).toEqual(before);
  });
});
