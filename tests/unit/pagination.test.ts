import { describe, expect, it } from "vitest";
import { pageCount, pageLinks, pagePath, parsePageNumber } from "~/lib/pagination";

describe("pagination", () => {
  it("reads ?page= as a whole number from 1, and no parameter as page 1", () => {
    expect(parsePageNumber(null)).toBe(1);
    expect(parsePageNumber("1")).toBe(1);
    expect(parsePageNumber("42")).toBe(42);
    for (const bad of ["", "0", "-1", "01", "1.5", "2abc", " 2", "9999999"])
      expect(parsePageNumber(bad), bad).toBeUndefined();
  });

  it("counts pages, with one page for an empty list", () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
    expect(pageCount(2000, 24)).toBe(84);
  });

  it("links page 1 by the list's own URL", () => {
    expect(pagePath("/shop/wax", 1)).toBe("/shop/wax");
    expect(pagePath("/shop/wax", 3)).toBe("/shop/wax?page=3");
  });

  it("links the first, the last and the current page's neighbours, with gaps for the rest", () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 3)).toEqual([1, 2, 3]);
    expect(pageLinks(1, 84)).toEqual([1, 2, null, 84]);
    expect(pageLinks(4, 84)).toEqual([1, 2, 3, 4, 5, null, 84]);
    expect(pageLinks(40, 84)).toEqual([1, null, 39, 40, 41, null, 84]);
    expect(pageLinks(84, 84)).toEqual([1, null, 83, 84]);
  });
});
