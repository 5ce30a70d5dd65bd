import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "~/lib/csv";

describe("csvCell", () => {
  it.each(["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx"])(
    "defuses %j, which a spreadsheet would run as a formula",
    (value) => {
      expect(csvCell(value).replace(/^"|"$/g, "").startsWith(`'${value[0]}`)).toBe(true);
    },
  );

  it("quotes commas, quotes and line breaks, and leaves plain text and numbers alone", () => {
    expect(csvCell('Ada "The Countess", Lovelace')).toBe('"Ada ""The Countess"", Lovelace"');
    expect(csvCell("12 Wick Lane\nApt 2")).toBe('"12 Wick Lane\nApt 2"');
    expect(csvCell("Crème brûlée")).toBe("Crème brûlée");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
  });
});

describe("csvRow", () => {
  it("joins the cells with commas and ends with CRLF", () => {
    expect(csvRow(["a", "b"])).toBe("a,b\r\n");
    expect(csvRow([1, "=x", null, "c,d"])).toBe(`1,'=x,,"c,d"\r\n`);
  });
});
