import { csvRecords } from "~/lib/csv";
import { fractionToMillionths } from "~/lib/tax-rate";
import { usStateByCode } from "~/lib/us-states";
import type { ZipTaxRate } from "./sales-tax";

/** Every ZIP code in the country is about 42,000 rows, 4 MB as the monthly tables publish them: room for all. */
export const MAX_ZIP_RATES_CSV_BYTES = 8 * 1024 * 1024;
export const MAX_ZIP_RATE_ROWS = 50_000;

export type ZipRatesCsv =
  | { kind: "ok"; rates: ZipTaxRate[]; states: string[] }
  /** `message` is whole, line number first; `line` is null when the file as a whole is refused. */
  | { kind: "invalid"; line: number | null; message: string };

const columns = ["State", "ZipCode", "EstimatedCombinedRate"] as const;
type Column = (typeof columns)[number];

const invalid = (line: number, problem: string): ZipRatesCsv => ({
  kind: "invalid",
  line,
  message: `Line ${line}: ${problem}`,
});

/** Where each wanted column is in the header, matched without regard to case; other columns are ignored. */
function columnIndexes(header: readonly string[]): Record<Column, number> | string {
  const names = header.map((name) => name.trim().toLowerCase());
  const indexes: Partial<Record<Column, number>> = {};
  for (const column of columns) {
    const index = names.indexOf(column.toLowerCase());
    if (index !== -1 && names.lastIndexOf(column.toLowerCase()) !== index) return `the column ${column} appears twice`;
    if (index !== -1) indexes[column] = index;
  }
  const missing = columns.filter((column) => indexes[column] === undefined);
  if (missing.length > 0)
    return `the ${missing.length === 1 ? "column" : "columns"} ${missing.join(", ")} must be there`;
  return indexes as Record<Column, number>;
}

// Published tables opened in a spreadsheet lose ZIP codes' leading zeros ("501" for 00501, the lowest ZIP code).
const zipCell = /^\d{3,5}$/;

function zipRateOf(cells: readonly string[], at: Record<Column, number>): ZipTaxRate | string {
  const [state, zip, rate] = columns.map((column) => (cells[at[column]] ?? "").trim()) as [string, string, string];
  if (!usStateByCode(state)) return `State "${state}" is not a US state's two-letter code`;
  if (!zipCell.test(zip)) return `ZipCode "${zip}" is not a ZIP code of five digits`;
  const rateMillionths = fractionToMillionths(rate);
  if (rateMillionths === undefined)
    return `EstimatedCombinedRate "${rate}" must be a fraction from 0 to 0.2 with at most six decimals (0.0725 for 7.25 %)`;
  return { state: state.toUpperCase(), zip: zip.padStart(5, "0"), rateMillionths };
}

/**
 * Reads a ZIP rate table (columns State, ZipCode and EstimatedCombinedRate,
 * in any order) and validates it whole: the first bad line is named and
 * nothing is kept, so an upload changes all it names or nothing. A ZIP code
 * may appear once per state: a few ZIP codes cross state lines, and a table
 * of several states lists them under each.
 */
export function parseZipRatesCsv(text: string): ZipRatesCsv {
  if (Buffer.byteLength(text) > MAX_ZIP_RATES_CSV_BYTES)
    return { kind: "invalid", line: null, message: `The file is over ${MAX_ZIP_RATES_CSV_BYTES / 1024 / 1024} MB` };
  const records = csvRecords(text);
  const header = records.next();
  if (header.done) return invalid(1, `the columns ${columns.join(", ")} must be there`);
  if (header.value.kind === "invalid") return invalid(header.value.line, header.value.message);
  const at = columnIndexes(header.value.cells);
  if (typeof at === "string") return invalid(header.value.line, at);
  const rates: ZipTaxRate[] = [];
  const firstLine = new Map<string, number>();
  for (const record of records) {
    if (record.kind === "invalid") return invalid(record.line, record.message);
    if (rates.length === MAX_ZIP_RATE_ROWS)
      return invalid(record.line, `the file holds more than ${MAX_ZIP_RATE_ROWS.toLocaleString("en-US")} ZIP codes`);
    const rate = zipRateOf(record.cells, at);
    if (typeof rate === "string") return invalid(record.line, rate);
    const key = `${rate.state} ${rate.zip}`;
    const seen = firstLine.get(key);
    if (seen !== undefined) return invalid(record.line, `ZipCode ${rate.zip} of ${rate.state} is on line ${seen} too`);
    firstLine.set(key, record.line);
    rates.push(rate);
  }
  if (rates.length === 0) return invalid(header.value.line + 1, "the file holds no ZIP codes");
  return { kind: "ok", rates, states: [...new Set(rates.map((rate) => rate.state))].sort() };
}
