import { csvRecords } from "~/lib/csv";
import { fractionToMillionths } from "~/lib/tax-rate";
import { normalizeZip, usStateByCode } from "~/lib/us-states";
import type { ZipTaxRate } from "./sales-tax";

/** Every ZIP code in the country is about 42,000 rows, 4 MB as the monthly tables publish them: room for all. */
export const MAX_ZIP_RATES_CSV_BYTES = 8 * 1024 * 1024;
export const MAX_ZIP_RATE_ROWS = 50_000;
/** The bad lines a refusal names; past them it counts. */
export const MAX_NAMED_PROBLEMS = 20;

export type ZipRatesCsv =
  | { kind: "ok"; rates: ZipTaxRate[]; states: string[] }
  /**
   * Each problem a whole sentence, line number first (none when the file as a
   * whole is refused): the first `MAX_NAMED_PROBLEMS`, and how many more.
   */
  | { kind: "invalid"; problems: string[]; more: number };

const columns = ["State", "ZipCode", "EstimatedCombinedRate"] as const;
type Column = (typeof columns)[number];

const atLine = (line: number, problem: string) => `Line ${line}: ${problem}`;
const refused = (problem: string): ZipRatesCsv => ({ kind: "invalid", problems: [problem], more: 0 });

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

/**
 * A row's rate, or what is wrong with it. A ZIP code is five digits or
 * ZIP+4, nothing shorter: a spreadsheet that dropped a leading zero made
 * "7870" of a Texas row, and padding it back gave 07870, a New Jersey ZIP.
 */
function zipRateOf(cells: readonly string[], at: Record<Column, number>, taxStates: ReadonlySet<string>) {
  const [state, zip, rate] = columns.map((column) => (cells[at[column]] ?? "").trim()) as [string, string, string];
  const known = usStateByCode(state);
  if (!known) return `State "${state}" is not a US state's two-letter code`;
  if (!taxStates.has(known.code)) return `${known.name} is not a tax state: add it above first, or take its rows out`;
  const fiveDigits = normalizeZip(zip);
  if (!fiveDigits) return `ZipCode "${zip}" is not a ZIP code of five digits (or ZIP+4)`;
  const rateMillionths = fractionToMillionths(rate);
  if (rateMillionths === undefined)
    return `EstimatedCombinedRate "${rate}" must be a fraction from 0 to 0.2 with at most six decimals (0.0725 for 7.25 %)`;
  return { state: known.code, zip: fiveDigits, rateMillionths } satisfies ZipTaxRate;
}

/**
 * Reads a ZIP rate table (columns State, ZipCode and EstimatedCombinedRate,
 * in any order) and validates it whole, for the states the shop taxes
 * (`taxStates`): every bad line is named, up to `MAX_NAMED_PROBLEMS`, and
 * nothing is kept, so an upload changes all it names or nothing. A ZIP code
 * may appear once per state: a few ZIP codes cross state lines, and a table
 * of several states lists them under each.
 */
export function parseZipRatesCsv(text: string, taxStates: ReadonlySet<string>): ZipRatesCsv {
  if (Buffer.byteLength(text) > MAX_ZIP_RATES_CSV_BYTES)
    return refused(`The file is over ${MAX_ZIP_RATES_CSV_BYTES / 1024 / 1024} MB`);
  const records = csvRecords(text);
  const header = records.next();
  if (header.done) return refused(atLine(1, `the columns ${columns.join(", ")} must be there`));
  if (header.value.kind === "invalid") return refused(atLine(header.value.line, header.value.message));
  const at = columnIndexes(header.value.cells);
  if (typeof at === "string") return refused(atLine(header.value.line, at));
  const rates: ZipTaxRate[] = [];
  const problems: string[] = [];
  let rows = 0;
  const firstLine = new Map<string, number>();
  for (const record of records) {
    if (++rows > MAX_ZIP_RATE_ROWS)
      return refused(
        atLine(record.line, `the file holds more than ${MAX_ZIP_RATE_ROWS.toLocaleString("en-US")} ZIP codes`),
      );
    const rate = record.kind === "invalid" ? record.message : zipRateOf(record.cells, at, taxStates);
    if (typeof rate === "string") {
      problems.push(atLine(record.line, rate));
      continue;
    }
    const key = `${rate.state} ${rate.zip}`;
    const seen = firstLine.get(key);
    if (seen !== undefined) {
      problems.push(atLine(record.line, `ZipCode ${rate.zip} of ${rate.state} is on line ${seen} too`));
      continue;
    }
    firstLine.set(key, record.line);
    rates.push(rate);
  }
  if (problems.length > 0)
    return {
      kind: "invalid",
      problems: problems.slice(0, MAX_NAMED_PROBLEMS),
      more: Math.max(0, problems.length - MAX_NAMED_PROBLEMS),
    };
  if (rates.length === 0) return refused(atLine(header.value.line + 1, "the file holds no ZIP codes"));
  return { kind: "ok", rates, states: [...new Set(rates.map((rate) => rate.state))].sort() };
}

/**
 * A refused table's words for the upload's field: one problem whole; several
 * counted, with the named ones listed beside the count, and how many more.
 */
export function zipRatesRefusal(table: Extract<ZipRatesCsv, { kind: "invalid" }>) {
  const count = table.problems.length + table.more;
  if (count === 1) return { message: `Nothing changed. ${table.problems[0]}.`, problems: [] };
  const named = table.problems.map((problem) => `${problem}.`);
  return {
    message: `Nothing changed: ${count.toLocaleString("en-US")} lines have problems.`,
    problems: table.more > 0 ? [...named, `And ${table.more.toLocaleString("en-US")} more.`] : named,
  };
}
