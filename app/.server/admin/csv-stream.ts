import { setImmediate as nextTurn } from "node:timers/promises";
import { CSV_BOM, type CsvCells, csvRow } from "~/lib/csv";
import type { Logger } from "../logger";

/**
 * A CSV export read in keyset batches: each batch starts after the last
 * record of the one before, so no batch re-reads what was written and no
 * export holds more than one batch, whatever the size of the shop.
 */
export interface CsvExport<Item> {
  /** Names the file (`orders-2026-11-24.csv`) and the export in log lines. */
  name: string;
  header: readonly string[];
  /** The records after `last` (undefined: from the first) in the file's order; none once the file is complete. */
  batchAfter: (last: Item | undefined) => Promise<Item[]>;
  /** The rows a record becomes (an order: one per line). */
  rows: (item: Item) => CsvCells[];
}

/**
 * The export as a download written while it is read. The first batch is read
 * before answering, so a database out of reach answers as any loader would
 * (503); after that the status is sent, and a failure can only cut the
 * download short: it is logged here, once, and ends this response alone.
 */
export async function csvDownload<Item>(csv: CsvExport<Item>, logger: Logger): Promise<Response> {
  const first = await csv.batchAfter(undefined);
  return new Response(csvBody(csv, first, logger), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csv.name}-${new Date().toISOString().slice(0, 10)}.csv"`,
    },
  });
}

/**
 * Pull-based: the next batch is read only when the client has taken the one
 * before (one batch queued ahead), so a slow client slows the reading and
 * memory stays flat. Each batch waits for a turn of the event loop first:
 * better-sqlite3 answers synchronously, and without the wait an export with a
 * fast client would hold the process until its last row.
 */
function csvBody<Item>(csv: CsvExport<Item>, first: Item[], logger: Logger): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let batch = first;
  let started = false;
  let stopped = false;
  let rowsWritten = 0;
  const encode = (prefix: string, items: Item[]) => {
    const rows = items.flatMap(csv.rows);
    rowsWritten += rows.length;
    return encoder.encode(prefix + rows.map(csvRow).join(""));
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encode(CSV_BOM + csvRow(csv.header), batch));
          if (batch.length === 0) controller.close();
          return;
        }
        await nextTurn();
        if (stopped) return;
        batch = await csv.batchAfter(batch.at(-1));
        if (stopped) return;
        if (batch.length === 0) return controller.close();
        controller.enqueue(encode("", batch));
      } catch (error) {
        if (stopped) return;
        logger.error({ err: error, csv: csv.name, rowsWritten }, "A CSV export failed; its download was cut short");
        controller.error(error);
      }
    },
    cancel() {
      stopped = true;
      logger.info({ csv: csv.name, rowsWritten }, "A CSV export stopped: the client went away");
    },
  });
}
