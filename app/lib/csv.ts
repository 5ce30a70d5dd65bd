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

/** One record of a CSV file with the line it starts on (1 is the header), or why the file cannot be read from there. */
export type CsvRecord =
  { kind: "record"; line: number; cells: string[] } | { kind: "invalid"; line: number; message: string };

const unquotedCell = /[^,\r\n]*/y;
const lineBreaks = /\r\n?|\n/g;

/**
 * Reads CSV (RFC 4180, as spreadsheets save it) one record at a time, so a
 * caller can stop at its row limit: a leading byte-order mark is skipped,
 * lines end in CRLF, LF or CR, quoted cells may hold commas, doubled quotes
 * and line breaks, and blank lines are passed over. Cells are as written,
 * spaces included.
 */
export function* csvRecords(text: string): Generator<CsvRecord> {
  let at = text.startsWith(CSV_BOM) ? 1 : 0;
  let line = 1;
  while (at < text.length) {
    const start = line;
    const cells: string[] = [];
    for (;;) {
      let cell = "";
      if (text[at] === '"') {
        for (;;) {
          const close = text.indexOf('"', at + 1);
          if (close === -1) {
            yield { kind: "invalid", line: start, message: "a quoted cell has no closing quote" };
            return;
          }
          const part = text.slice(at + 1, close);
          line += part.match(lineBreaks)?.length ?? 0;
          cell += part;
          at = close + 1;
          if (text[at] !== '"') break;
          cell += '"';
        }
        if (at < text.length && !",\r\n".includes(text[at]!)) {
          yield { kind: "invalid", line, message: "a quoted cell must end at its closing quote" };
          return;
        }
      } else {
        unquotedCell.lastIndex = at;
        cell = unquotedCell.exec(text)![0];
        at += cell.length;
      }
      cells.push(cell);
      if (text[at] !== ",") break;
      at++;
    }
    if (text[at] === "\r") at++;
    if (text[at] === "\n") at++;
    line++;
    if (cells.length > 1 || cells[0] !== "") yield { kind: "record", line: start, cells };
  }
}
