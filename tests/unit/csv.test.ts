import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CSV_BOM, csvCell, csvRecords, csvRow } from "~/lib/csv";

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

describe("csvRecords", () => {
  const read = (text: string) => [...csvRecords(text)];

  it("reads records with the line each starts on, past a BOM, CRLF, CR and blank lines", () => {
    expect(read(`${CSV_BOM}a,b\r\n1,2\r\n\r\n3,\rx\n`)).toEqual([
      { kind: "record", line: 1, cells: ["a", "b"] },
      { kind: "record", line: 2, cells: ["1", "2"] },
      { kind: "record", line: 4, cells: ["3", ""] },
      { kind: "record", line: 5, cells: ["x"] },
    ]);
    expect(read("")).toEqual([]);
  });

  it("reads quoted cells with commas, doubled quotes and line breaks, counting their lines", () => {
    expect(read('"a,b","say ""hi""","two\r\nlines"\n"",x\nlast')).toEqual([
      { kind: "record", line: 1, cells: ["a,b", 'say "hi"', "two\r\nlines"] },
      { kind: "record", line: 3, cells: ["", "x"] },
      { kind: "record", line: 4, cells: ["last"] },
    ]);
  });

  it("names the line of an unclosed quote or of text after a closing quote", () => {
    expect(read('a\n"open\nmore')).toEqual([
      { kind: "record", line: 1, cells: ["a"] },
      { kind: "invalid", line: 2, message: "a quoted cell has no closing quote" },
    ]);
    expect(read('a\n"x"y,z')).toContainEqual({
      kind: "invalid",
      line: 2,
      message: "a quoted cell must end at its closing quote",
    });
  });

  it("reads back what csvRow writes", () => {
    const cell = fc.string({ unit: fc.constantFrom("a", " ", ",", '"', "\r", "\n", "é") });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { maxLength: 5 }), (rows) => {
        const text = rows.map((cells) => csvRow(cells.map((value) => `x${value}`))).join("");
        expect(read(text).map((record) => (record.kind === "record" ? record.cells : record))).toEqual(
          rows.map((cells) => cells.map((value) => `x${value}`)),
        );
      }),
    );
  });
});
