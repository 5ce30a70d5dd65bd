import { describe, expect, it } from "vitest";
import { categoryRoute, categorySlug } from "~/.server/catalog/file";
import { capitalise, categoryPath, parseProductId, productPath } from "~/lib/catalog";
import { imageSrcSet } from "~/lib/images";

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

describe("imageSrcSet", () => {
  it("offers the small size beside the shop's own large images", () => {
    expect(imageSrcSet("/images/products/vanilla-bean-1-800.webp")).toBe(
      "/images/products/vanilla-bean-1-400.webp 400w, /images/products/vanilla-bean-1-800.webp 800w",
    );
  });

  it("leaves other images alone", () => {
    expect(imageSrcSet("https://cdn.example.com/candle-800.webp")).toBeUndefined();
    expect(imageSrcSet("/images/products/photo.jpg")).toBeUndefined();
  });
});
