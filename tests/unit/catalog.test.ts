import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { categoryRoute, categorySlug } from "~/.server/catalog/file";
import { capitalise, categoryPath, parseProductId, productPath } from "~/lib/catalog";
import { imageSrcSet, imageUrl } from "~/lib/images";
import { imagesVersion } from "../../server/images-version";

describe("category lookup", () => {
  it("keys a category by its lowercased title", () => {
    expect(categorySlug("Woodwick")).toBe("woodwick");
    expect(categorySlug("  Wax ")).toBe("wax");
    expect(categoryRoute(categorySlug("Seasonal"))).toBe("shop/seasonal");
  });

  it("links categories and products the way SPEC §2 names them", () => {
    expect(categoryPath("jelly")).toBe("/shop/jelly");
    expect(productPath({ categorySlug: "wax", id: 1001 })).toBe("/shop/wax/1001/");
    expect(categoryPath("gift sets")).toBe("/shop/gift%20sets");
  });

  it("capitalises the category heading", () => {
    expect(capitalise("wax")).toBe("Wax");
    expect(capitalise("Jelly")).toBe("Jelly");
    expect(capitalise("")).toBe("");
  });
});

describe("parseProductId", () => {
  it("reads plain positive numbers", () => {
    expect(parseProductId("1001")).toBe(1001);
    expect(parseProductId("4006")).toBe(4006);
  });

  it("treats anything else as not found", () => {
    for (const bad of [undefined, "", "abc", "10a", "-1", "1.5", "0", " 1", "1e3", "0x10", "99999999999"]) {
      expect(parseProductId(bad), String(bad)).toBeUndefined();
    }
  });
});

describe("image URLs", () => {
  const version = imagesVersion("public/images");

  it("name the shop's own images by the version of the images the build holds", () => {
    expect(version).toMatch(/^[\w-]{12}$/);
    expect(imageUrl("/images/products/vanilla-bean-1-800.webp")).toBe(
      `/images/products/vanilla-bean-1-800.webp?v=${version}`,
    );
  });

  it("change when any image changes, is added or is renamed, and only then", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "images-"));
    try {
      fs.mkdirSync(path.join(dir, "products"));
      fs.writeFileSync(path.join(dir, "products", "wax-800.webp"), "one");
      const first = imagesVersion(dir);
      expect(imagesVersion(dir)).toBe(first);
      fs.writeFileSync(path.join(dir, "products", "wax-800.webp"), "two");
      const changed = imagesVersion(dir);
      expect(changed).not.toBe(first);
      fs.renameSync(path.join(dir, "products", "wax-800.webp"), path.join(dir, "products", "soy-800.webp"));
      const renamed = imagesVersion(dir);
      expect(renamed).not.toBe(changed);
      fs.writeFileSync(path.join(dir, "products", "wax-800.webp"), "two");
      expect(imagesVersion(dir)).not.toBe(renamed);
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });

  it("leave uploaded photos, named by their hash, and other sites' images as they are", () => {
    expect(imageUrl("/photos/0123abcd-800.webp")).toBe("/photos/0123abcd-800.webp");
    expect(imageUrl("https://cdn.example.com/candle.webp")).toBe("https://cdn.example.com/candle.webp");
  });

  it("add the version after a query the catalog's URL already has", () => {
    expect(imageUrl("/images/products/wax.webp?crop=square")).toBe(
      `/images/products/wax.webp?crop=square&v=${version}`,
    );
  });

  it("offer the small size beside the shop's own large images and uploaded photos", () => {
    expect(imageSrcSet("/images/products/vanilla-bean-1-800.webp")).toBe(
      `/images/products/vanilla-bean-1-400.webp?v=${version} 400w, /images/products/vanilla-bean-1-800.webp?v=${version} 800w`,
    );
    expect(imageSrcSet("/photos/0123abcd-800.webp")).toBe(
      "/photos/0123abcd-400.webp 400w, /photos/0123abcd-800.webp 800w",
    );
  });

  it("offer no other sizes for other images", () => {
    expect(imageSrcSet("https://cdn.example.com/candle-800.webp")).toBeUndefined();
    expect(imageSrcSet("/images/products/photo.jpg")).toBeUndefined();
  });
});
