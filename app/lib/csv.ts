/** What a spreadsheet reads as the start of a formula (CWE-1236): such a cell gets a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCells = readonly (string | number | null)[];

/** One cell: defused against formula injection, quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row with its CRLF line end (RFC 4180). */
export const csvRow = (cells: CsvCells) => `${cells.map(csvCell).join(",")}\r\n`;

/** What a file starts with: a UTF-8 byte-order mark, so Excel reads accents. */
export const CSV_BOM = "\uFEFF";
