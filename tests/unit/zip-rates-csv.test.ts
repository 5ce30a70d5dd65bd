import { describe, expect, it } from "vitest";
import {
  MAX_NAMED_PROBLEMS,
  MAX_ZIP_RATE_ROWS,
  MAX_ZIP_RATES_CSV_BYTES,
  parseZipRatesCsv,
  zipRatesRefusal,
} from "~/.server/pricing/zip-rates-csv";

// The columns of the free monthly tables, in their order.
const header = "State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,RiskLevel";
const row = (state: string, zip: string, rate: string) => `${state},${zip},"Region, ${state}",${rate},0.0625,0,1`;
const table = (...rows: string[]) => [header, ...rows].join("\r\n") + "\r\n";
/** The shop's tax states: the only ones an upload may name. */
const taxStates = new Set(["TX", "WA", "OR", "MA", "NY", "TN", "KY"]);
const parse = (text: string) => parseZipRatesCsv(text, taxStates);
const problemsOf = (...rows: string[]) => {
  const parsed = parse(table(...rows));
  return parsed.kind === "invalid" ? parsed.problems : parsed.kind;
};

describe("parseZipRatesCsv", () => {
  it("reads the rates in millionths, ignoring other columns, and names the states", () => {
    expect(parse(table(row("TX", "78701", "0.082500"), row("WA", "98101", "0.1035")))).toEqual({
      kind: "ok",
      rates: [
        { state: "TX", zip: "78701", rateMillionths: 82_500 },
        { state: "WA", zip: "98101", rateMillionths: 103_500 },
      ],
      states: ["TX", "WA"],
    });
  });

  it("reads the columns in any order and case, after a BOM, with LF line ends", () => {
    const text = "\uFEFFestimatedcombinedrate,Other,zipcode,STATE\n0.0725,x,97201,or\n";
    expect(parse(text)).toEqual({
      kind: "ok",
      rates: [{ state: "OR", zip: "97201", rateMillionths: 72_500 }],
      states: ["OR"],
    });
  });

  it("takes a ZIP+4 as its five digits, and refuses a ZIP short of them: padded, it could be another state's", () => {
    const parsed = parse(table(row("TX", "78701-1234", "0.0825"), row("MA", "01001", "0.0625")));
    expect(parsed.kind === "ok" && parsed.rates.map((rate) => rate.zip)).toEqual(["78701", "01001"]);
    expect(problemsOf(row("TX", "7870", "0.0825"), row("MA", "1001", "0.0625"), row("NY", "501", "0.08625"))).toEqual([
      'Line 2: ZipCode "7870" is not a ZIP code of five digits (or ZIP+4)',
      'Line 3: ZipCode "1001" is not a ZIP code of five digits (or ZIP+4)',
      'Line 4: ZipCode "501" is not a ZIP code of five digits (or ZIP+4)',
    ]);
  });

  it("accepts 0 % and 20 %, and refuses 20.0001 %", () => {
    expect(parse(table(row("TX", "78701", "0"), row("TX", "78702", "0.2"))).kind).toBe("ok");
    expect(parse(table(row("TX", "78701", "0.200001")))).toEqual({
      kind: "invalid",
      problems: [
        'Line 2: EstimatedCombinedRate "0.200001" must be a fraction from 0 to 0.2 with at most six decimals (0.0725 for 7.25 %)',
      ],
      more: 0,
    });
  });

  it("names every bad line and what is wrong with it", () => {
    const good = row("TX", "78701", "0.0825");
    expect(
      problemsOf(
        good,
        row("TX", "78", "0.0825"),
        row("XX", "1", "x"),
        row("TX", "787011", "0.0825"),
        row("TX", "9720A", "0.0825"),
        row("Texas", "78702", "0.0825"),
        row("FM", "96941", "0"),
        row("TX", "78702", "8.25%"),
        "TX,78703",
        row("TX", "97201 1234", "0.0825"),
      ),
    ).toEqual([
      'Line 3: ZipCode "78" is not a ZIP code of five digits (or ZIP+4)',
      `Line 4: State "XX" is not a US state's two-letter code`,
      'Line 5: ZipCode "787011" is not a ZIP code of five digits (or ZIP+4)',
      'Line 6: ZipCode "9720A" is not a ZIP code of five digits (or ZIP+4)',
      `Line 7: State "Texas" is not a US state's two-letter code`,
      `Line 8: State "FM" is not a US state's two-letter code`,
      expect.stringMatching(/^Line 9: EstimatedCombinedRate "8.25%"/),
      expect.stringMatching(/^Line 10: EstimatedCombinedRate ""/),
      'Line 11: ZipCode "97201 1234" is not a ZIP code of five digits (or ZIP+4)',
    ]);
    expect(problemsOf(row("TX", "78701", "0.08"), '"TX,78702,x')).toEqual([
      "Line 3: a quoted cell has no closing quote",
    ]);
  });

  it("names the rows of a state that is not a tax state", () => {
    expect(problemsOf(row("TX", "78701", "0.08"), row("CA", "90001", "0.1025"), row("ca", "90002", "0.1025"))).toEqual([
      "Line 3: California is not a tax state: add it above first, or take its rows out",
      "Line 4: California is not a tax state: add it above first, or take its rows out",
    ]);
  });

  it(`names the first ${MAX_NAMED_PROBLEMS} bad lines and counts the rest`, () => {
    const rows = Array.from({ length: MAX_NAMED_PROBLEMS + 5 }, (_, i) => row("TX", String(1000 + i), "0.08"));
    const parsed = parse(table(row("TX", "78701", "0.08"), ...rows));
    expect(parsed).toMatchObject({ kind: "invalid", more: 5 });
    expect(parsed.kind === "invalid" && parsed.problems).toHaveLength(MAX_NAMED_PROBLEMS);
    expect(parsed.kind === "invalid" && parsed.problems[0]).toBe(
      'Line 3: ZipCode "1000" is not a ZIP code of five digits (or ZIP+4)',
    );
  });

  it("refuses a ZIP code twice in one state, and takes it once in each of two", () => {
    expect(problemsOf(row("TX", "78701", "0.08"), row("TX", "78702", "0.08"), row("TX", "78701-0001", "0.07"))).toEqual(
      ["Line 4: ZipCode 78701 of TX is on line 2 too"],
    );
    expect(parse(table(row("TN", "42223", "0.095"), row("KY", "42223", "0.06"))).kind).toBe("ok");
  });

  it("counts lines as the file has them, blank lines and line breaks in quotes included", () => {
    const text = `${header}\n\n${row("TX", "78701", "0.08")}\nTX,78702,"two\nlines",0.08\nTX,1,x,0.08\n`;
    expect(parse(text)).toMatchObject({ problems: [expect.stringMatching(/^Line 6: /)] });
  });

  it("refuses a file without the three columns, or without rows", () => {
    expect(parse("State,Zip,Rate\nTX,78701,0.08\n")).toEqual({
      kind: "invalid",
      problems: ["Line 1: the columns ZipCode, EstimatedCombinedRate must be there"],
      more: 0,
    });
    expect(parse("State,ZipCode,ZipCode,EstimatedCombinedRate\n")).toMatchObject({
      problems: ["Line 1: the column ZipCode appears twice"],
    });
    expect(parse("")).toMatchObject({ problems: [expect.stringMatching(/^Line 1: /)] });
    expect(parse(table())).toEqual({ kind: "invalid", problems: ["Line 2: the file holds no ZIP codes"], more: 0 });
  });

  it("refuses more rows or bytes than its limits", () => {
    const rows = Array.from({ length: MAX_ZIP_RATE_ROWS + 1 }, (_, i) => `TX,${10_000 + i},0.08`);
    expect(parse(["State,ZipCode,EstimatedCombinedRate", ...rows].join("\n"))).toEqual({
      kind: "invalid",
      problems: [`Line ${MAX_ZIP_RATE_ROWS + 2}: the file holds more than 50,000 ZIP codes`],
      more: 0,
    });
    expect(parse(table(row("TX", "78701", "0.08")) + " ".repeat(MAX_ZIP_RATES_CSV_BYTES))).toEqual({
      kind: "invalid",
      problems: ["The file is over 8 MB"],
      more: 0,
    });
  });
});

describe("zipRatesRefusal", () => {
  it("says one problem whole, and counts several, listing those named and how many more", () => {
    expect(
      zipRatesRefusal({ kind: "invalid", problems: ["Line 3: a quoted cell has no closing quote"], more: 0 }),
    ).toEqual({ message: "Nothing changed. Line 3: a quoted cell has no closing quote.", problems: [] });
    expect(zipRatesRefusal({ kind: "invalid", problems: ["Line 2: one", "Line 3: two"], more: 0 })).toEqual({
      message: "Nothing changed: 2 lines have problems.",
      problems: ["Line 2: one.", "Line 3: two."],
    });
    expect(zipRatesRefusal({ kind: "invalid", problems: ["Line 2: one", "Line 3: two"], more: 1234 })).toEqual({
      message: "Nothing changed: 1,236 lines have problems.",
      problems: ["Line 2: one.", "Line 3: two.", "And 1,234 more."],
    });
  });
});
