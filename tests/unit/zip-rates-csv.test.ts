import { describe, expect, it } from "vitest";
import { MAX_ZIP_RATE_ROWS, MAX_ZIP_RATES_CSV_BYTES, parseZipRatesCsv } from "~/.server/pricing/zip-rates-csv";

// The columns of the free monthly tables, in their order.
const header = "State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,RiskLevel";
const row = (state: string, zip: string, rate: string) => `${state},${zip},"Region, ${state}",${rate},0.0625,0,1`;
const table = (...rows: string[]) => [header, ...rows].join("\r\n") + "\r\n";

describe("parseZipRatesCsv", () => {
  it("reads the rates in millionths, ignoring other columns, and names the states", () => {
    expect(parseZipRatesCsv(table(row("TX", "78701", "0.082500"), row("WA", "98101", "0.1035")))).toEqual({
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
    expect(parseZipRatesCsv(text)).toEqual({
      kind: "ok",
      rates: [{ state: "OR", zip: "97201", rateMillionths: 72_500 }],
      states: ["OR"],
    });
  });

  it("pads ZIP codes that lost their leading zeros back to five digits", () => {
    const parsed = parseZipRatesCsv(table(row("NY", "501", "0.08625"), row("MA", "1001", "0.0625")));
    expect(parsed.kind === "ok" && parsed.rates.map((rate) => rate.zip)).toEqual(["00501", "01001"]);
  });

  it("accepts 0 % and 20 %, and refuses 20.0001 %", () => {
    expect(parseZipRatesCsv(table(row("TX", "78701", "0"), row("TX", "78702", "0.2"))).kind).toBe("ok");
    expect(parseZipRatesCsv(table(row("TX", "78701", "0.200001")))).toEqual({
      kind: "invalid",
      line: 2,
      message:
        'Line 2: EstimatedCombinedRate "0.200001" must be a fraction from 0 to 0.2 with at most six decimals (0.0725 for 7.25 %)',
    });
  });

  it("names the first bad line and what is wrong with it", () => {
    const refusal = (...rows: string[]) => {
      const parsed = parseZipRatesCsv(table(...rows));
      return parsed.kind === "invalid" ? parsed.message : parsed.kind;
    };
    const good = row("TX", "78701", "0.0825");
    expect(refusal(good, row("TX", "78", "0.0825"), row("XX", "1", "x"))).toBe(
      'Line 3: ZipCode "78" is not a ZIP code of five digits',
    );
    expect(refusal(good, row("TX", "787011", "0.0825"))).toBe(
      'Line 3: ZipCode "787011" is not a ZIP code of five digits',
    );
    expect(refusal(row("TX", "9720A", "0.0825"))).toMatch(/^Line 2: ZipCode "9720A"/);
    expect(refusal(good, row("Texas", "78702", "0.0825"))).toBe(
      `Line 3: State "Texas" is not a US state's two-letter code`,
    );
    expect(refusal(good, row("FM", "96941", "0"))).toMatch(/^Line 3: State "FM"/);
    expect(refusal(good, row("TX", "78702", "8.25%"))).toMatch(/^Line 3: EstimatedCombinedRate "8.25%"/);
    expect(refusal(good, "TX,78702")).toMatch(/^Line 3: EstimatedCombinedRate ""/);
    expect(refusal(good, '"TX,78702,x')).toBe("Line 3: a quoted cell has no closing quote");
  });

  it("refuses a ZIP code twice in one state, and takes it once in each of two", () => {
    const parsed = parseZipRatesCsv(
      table(row("TX", "78701", "0.08"), row("TX", "78702", "0.08"), row("TX", "78701", "0.07")),
    );
    expect(parsed).toEqual({ kind: "invalid", line: 4, message: "Line 4: ZipCode 78701 of TX is on line 2 too" });
    expect(parseZipRatesCsv(table(row("TN", "42223", "0.095"), row("KY", "42223", "0.06"))).kind).toBe("ok");
  });

  it("counts lines as the file has them, blank lines and line breaks in quotes included", () => {
    const text = `${header}\n\n${row("TX", "78701", "0.08")}\nTX,78702,"two\nlines",0.08\nTX,1,x,0.08\n`;
    expect(parseZipRatesCsv(text)).toMatchObject({ line: 6 });
  });

  it("refuses a file without the three columns, or without rows", () => {
    expect(parseZipRatesCsv("State,Zip,Rate\nTX,78701,0.08\n")).toEqual({
      kind: "invalid",
      line: 1,
      message: "Line 1: the columns ZipCode, EstimatedCombinedRate must be there",
    });
    expect(parseZipRatesCsv("State,ZipCode,ZipCode,EstimatedCombinedRate\n")).toMatchObject({
      message: "Line 1: the column ZipCode appears twice",
    });
    expect(parseZipRatesCsv("")).toMatchObject({ line: 1 });
    expect(parseZipRatesCsv(table())).toEqual({
      kind: "invalid",
      line: 2,
      message: "Line 2: the file holds no ZIP codes",
    });
  });

  it("refuses more rows or bytes than its limits", () => {
    const rows = Array.from({ length: MAX_ZIP_RATE_ROWS + 1 }, (_, i) => `TX,${10_000 + i},0.08`);
    const tooMany = parseZipRatesCsv(["State,ZipCode,EstimatedCombinedRate", ...rows].join("\n"));
    expect(tooMany).toEqual({
      kind: "invalid",
      line: MAX_ZIP_RATE_ROWS + 2,
      message: `Line ${MAX_ZIP_RATE_ROWS + 2}: the file holds more than 50,000 ZIP codes`,
    });
    expect(parseZipRatesCsv(table(row("TX", "78701", "0.08")) + " ".repeat(MAX_ZIP_RATES_CSV_BYTES))).toEqual({
      kind: "invalid",
      line: null,
      message: "The file is over 8 MB",
    });
  });
});
