import { describe, expect, it } from "vitest";
import { safeReturnTo } from "~/lib/return-to";

describe("safeReturnTo", () => {
  it("keeps a path on this site, with its query", () => {
    expect(safeReturnTo("/shop/wax")).toBe("/shop/wax");
    expect(safeReturnTo("/checkout?step=1")).toBe("/checkout?step=1");
    // Still percent-encoded, a line break cannot split the Location header.
    expect(safeReturnTo("/%0d%0aSet-Cookie:x")).toBe("/%0d%0aSet-Cookie:x");
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\r\nLocation: https://evil.example",
    "shop",
    "",
    undefined,
    42,
    "/auth?returnTo=/auth",
  ])("sends %j home instead", (value) => {
    expect(safeReturnTo(value)).toBe("/");
  });
});
