import { setImmediate as nextTurn } from "node:timers/promises";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { type CsvExport, csvDownload } from "~/.server/admin/csv-stream";

/** A logger whose lines the test reads. */
function recordingLogger() {
  const lines: { level: number; msg: string; csv?: string; rowsWritten?: number }[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/**
 * Numbers 1…`total` in batches of `size`, answered at once (as better-sqlite3
 * does), the batch after the number it is given; `reads` lists each read's cursor.
 * `failAt`: the read with this cursor throws.
 */
function numbers(total: number, size: number, options: { failAt?: number } = {}) {
  const reads: (number | undefined)[] = [];
  const csv: CsvExport<number> = {
    name: "numbers",
    header: ["Number", "Square"],
    batchAfter: async (last) => {
      reads.push(last);
      if (last !== undefined && last === options.failAt) throw new Error("the database went away");
      const from = (last ?? 0) + 1;
      return Array.from({ length: Math.max(0, Math.min(size, total - from + 1)) }, (_, index) => from + index);
    },
    rows: (n) => [[n, n % 3 === 0 ? `=${n * n}` : n * n]],
  };
  return { csv, reads };
}

const expectedFile = (total: number) =>
  `\uFEFFNumber,Square\r\n${Array.from({ length: total }, (_, index) => `${index + 1},${(index + 1) % 3 === 0 ? "'=" : ""}${(index + 1) ** 2}\r\n`).join("")}`;

describe("csvDownload", () => {
  it("writes the byte-order mark, the header and every batch's rows, each batch read after the last record written", async () => {
    const { csv, reads } = numbers(10, 4);
    const answer = await csvDownload(csv, recordingLogger().logger);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toMatch(
      /^attachment; filename="numbers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect(Buffer.from(bytes).equals(Buffer.from(expectedFile(10)))).toBe(true);
    expect(reads).toEqual([undefined, 4, 8, 10]);
  });

  it("writes the header alone when there is nothing to export", async () => {
    const answer = await csvDownload(numbers(0, 4).csv, recordingLogger().logger);
    expect(await answer.text()).toBe("Number,Square\r\n");
  });

  it("reads a batch only once the client has taken the one before", async () => {
    const { csv, reads } = numbers(100, 5);
    const reader = (await csvDownload(csv, recordingLogger().logger)).body!.getReader();
    for (let turn = 0; turn < 20; turn++) await nextTurn();
    expect(reads).toHaveLength(1);
    await reader.read();
    await reader.read();
    for (let turn = 0; turn < 20; turn++) await nextTurn();
    // Two chunks taken: the first batch (read before answering), the second, and one queued ahead.
    expect(reads).toHaveLength(3);
    await reader.cancel();
  });

  it("gives the event loop a turn between batches, even when the database answers at once and the client reads as fast as it can", async () => {
    const { csv, reads } = numbers(1000, 10);
    const answer = await csvDownload(csv, recordingLogger().logger);
    let readsWhenOtherWorkRan: number | undefined;
    setImmediate(() => (readsWhenOtherWorkRan = reads.length));
    await answer.arrayBuffer();
    expect(reads).toHaveLength(101);
    expect(readsWhenOtherWorkRan).toBeLessThan(5);
  });

  it("stops reading when the client goes away, and says so once", async () => {
    const { csv, reads } = numbers(1000, 10);
    const { logger, lines } = recordingLogger();
    const reader = (await csvDownload(csv, logger)).body!.getReader();
    await reader.read();
    // Taking the first chunk asked for the next batch, which now waits for its turn of the event loop.
    for (let tick = 0; tick < 10; tick++) await Promise.resolve();
    await reader.cancel();
    for (let turn = 0; turn < 20; turn++) await nextTurn();
    expect(reads).toEqual([undefined]);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: "A CSV export stopped: the client went away",
        csv: "numbers",
        rowsWritten: 10,
      }),
    ]);
  });

  it("drops, without an error, the batch that was being read when the client went away", async () => {
    let answer = (_rows: number[]) => {};
    let fail = (_error: Error) => {};
    const slow: CsvExport<number> = {
      name: "slow",
      header: ["Number"],
      batchAfter: (last) =>
        last === undefined
          ? Promise.resolve([1])
          : new Promise((resolve, reject) => {
              answer = resolve;
              fail = reject;
            }),
      rows: (n) => [[n]],
    };
    const { logger, lines } = recordingLogger();
    for (const end of [() => answer([2]), () => fail(new Error("connection closed"))]) {
      lines.length = 0;
      const reader = (await csvDownload(slow, logger)).body!.getReader();
      await reader.read();
      for (let turn = 0; turn < 5; turn++) await nextTurn();
      await reader.cancel();
      end();
      for (let turn = 0; turn < 5; turn++) await nextTurn();
      expect(lines.map((line) => line.msg)).toEqual(["A CSV export stopped: the client went away"]);
    }
  });

  it("ends the download with the error when a batch fails after the first, and logs it once", async () => {
    const { csv } = numbers(100, 10, { failAt: 20 });
    const { logger, lines } = recordingLogger();
    const reader = (await csvDownload(csv, logger)).body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const outcome = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return "complete";
        text += decoder.decode(value, { stream: true });
      }
    })().catch((error: Error) => error.message);
    expect(outcome).toBe("the database went away");
    expect(text.split("\r\n")).toHaveLength(22);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        msg: "A CSV export failed; its download was cut short",
        csv: "numbers",
        rowsWritten: 20,
      }),
    ]);
  });

  it("answers a failing first batch by throwing, before any byte is sent, as a loader's error", async () => {
    const failing: CsvExport<number> = {
      name: "x",
      header: [],
      batchAfter: () => Promise.reject(new Error("out of reach")),
      rows: () => [],
    };
    await expect(csvDownload(failing, recordingLogger().logger)).rejects.toThrow("out of reach");
  });
});
