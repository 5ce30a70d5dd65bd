import { Writable } from "node:stream";
import pino from "pino";
import { checkAlerts } from "~/.server/alerts/check";
import { type DiskSpace, gatherAlertFacts } from "~/.server/alerts/facts";
import type { Db } from "~/.server/db";
import type { Logger } from "~/.server/logger";

/** A logger whose lines (JSON, as the shop writes them) the test reads back. */
export function capturedLogger() {
  const lines: { level: number; msg: string; alert?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString("utf8")));
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream) as unknown as Logger, lines };
}

export interface AlertCheckOptions {
  now: number;
  dataDir: string;
  backups: { everyHours: number; dir: string };
  /** When the checking process started: with no snapshot at all, "no backup" counts from here. */
  watchingSince?: number;
  diskSpace?: DiskSpace;
  alertEmail: string;
  logger: Logger;
}

/** One run of the server's alert job, at `now`: the facts as it gathers them (a disk reading given), then the check. */
export async function checkAlertsAt(db: Db, options: AlertCheckOptions) {
  const facts = await gatherAlertFacts(db, {
    now: options.now,
    timeZone: "UTC",
    dataDir: options.dataDir,
    backups: options.backups,
    watchingSince: options.watchingSince ?? options.now,
    diskSpace: options.diskSpace,
  });
  return checkAlerts(db, facts, {
    alertEmail: options.alertEmail,
    publicUrl: "https://candles.example.com",
    logger: options.logger,
  });
}

/** The alert emails in the outbox, oldest first. */
export const alertEmailsIn = (db: Db) =>
  db
    .selectFrom("outbox")
    .select(["id", "to", "subject", "text", "status", "last_error"])
    .where("kind", "=", "owner_alert")
    .orderBy("id")
    .execute();
