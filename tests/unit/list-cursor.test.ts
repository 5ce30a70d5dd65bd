import { describe, expect, it } from "vitest";
import { cursorPath, pageFromUrl, parseCursor } from "~/lib/list-cursor";

describe("a list's cursor in its URL", () => {
  it("is the id of the row a page starts from", () => {
    expect(parseCursor("42")).toBe(42);
    expect(cursorPath("/admin/orders", "before", 42)).toBe("/admin/orders?before=42");
    expect(cursorPath("/admin/orders?status=paid", "after", 7)).toBe("/admin/orders?status=paid&after=7");
  });

  it("reads a bookmark's old {placed at}.{id} cursor by its id", () => {
    expect(parseCursor("1732600000000.42")).toBe(42);
  });

  it.each([null, "", "x", "4x", "-1", "1.2.3", ".5", "5.", "1e3", " 42", "99999999999999999999.1", "2147483648"])(
    "is no cursor at all for %j",
    (param) => {
      expect(parseCursor(param)).toBeUndefined();
    },
  );

  it("goes older than `before`, else newer than `after`, else to the newest page", () => {
    expect(pageFromUrl(new URL("http://shop/admin/orders?before=5&after=9"))).toEqual({ before: 5 });
    expect(pageFromUrl(new URL("http://shop/admin/orders?before=x&after=9"))).toEqual({ after: 9 });
    expect(pageFromUrl(new URL("http://shop/admin/orders?after=1.2.3"))).toEqual({});
    expect(parseCursor("2147483647")).toBe(2147483647);
  });
});
