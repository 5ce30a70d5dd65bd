import { describe, expect, it } from "vitest";
import { safeReturnTo } from "~/lib/return-to";

describe("safeReturnTo", () => {
  it.each([
    ["/", "/"],
    ["/shop/wax", "/shop/wax"],
    ["/shop/wax/1001", "/shop/wax/1001"],
    ["/checkout?step=1", "/checkout?step=1"],
    ["/shop/wax?sort=price#reviews", "/shop/wax?sort=price#reviews"],
    ["/shop/caf%C3%A9", "/shop/caf%C3%A9"],
    // The query and the fragment never name a host, whatever they hold.
    ["/shop?next=%2F%2Fevil.example", "/shop?next=%2F%2Fevil.example"],
    // Dot segments that stay on this site are resolved, as the browser would.
    ["/shop/./wax", "/shop/wax"],
    ["/shop/../about", "/about"],
  ])("keeps %j, a path on this site, as %j", (value, kept) => {
    expect(safeReturnTo(value)).toBe(kept);
  });

  it.each([
    // Another site outright.
    "https://evil.example/",
    "https:evil.example",
    "http:evil.example",
    "javascript:alert(1)",
    "//evil.example",
    "///evil.example",
    "%2F%2Fevil.example",
    // Dot segments that the URL parser folds into "//host" (issue 28).
    "/.//evil.example/x",
    "/..//evil.example/x",
    "/%2e//evil.example/x",
    "/%2E%2E//evil.example/x",
    "/a/..//evil.example/x",
    "/a/b/../..//evil.example/x",
    "/.\\/evil.example",
    // Backslashes, which browsers read as slashes, raw or encoded.
    "/\\evil.example",
    "\\\\evil.example",
    "/shop\\..\\/evil.example",
    "/%5Cevil.example",
    "/%5c%5cevil.example",
    "/.%5C/evil.example",
    // Encoded slashes: a proxy or a later decoding could make "//host" of them.
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/.%2F/evil.example",
    // Tabs and line breaks, which browsers drop from URLs, raw or encoded.
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0D%0A/evil.example",
    "/%0d%0aSet-Cookie:x",
    "/\r\nLocation: https://evil.example",
    "/%00",
    "/%7F",
    // Not a path, or back to the sign-in page itself.
    "shop",
    " /shop",
    "",
    undefined,
    null,
    42,
    "/auth?returnTo=/auth",
    "/./auth",
    "/%2e/auth/two-factor",
  ])("sends %j home instead", (value) => {
    expect(safeReturnTo(value)).toBe("/");
  });
});
