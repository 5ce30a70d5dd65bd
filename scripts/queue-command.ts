import type { Db } from "~/.server/db";
import { withShopDatabase } from "./shop-database";

/**
 * What `npm run outbox` and `npm run refunds` share: `list` prints the queue,
 * `retry ID` queues a row that failed again (the running server takes it up
 * within seconds). Reads the environment (.env, DATA_DIR, DATABASE_URL) as the
 * shop does, and exits 1 with one line on bad input or failure.
 */
export async function runQueueCommand(command: {
  usage: string;
  list(db: Db): Promise<string[]>;
  retry(db: Db, id: number, now: number): Promise<boolean>;
  /** What `retry` says when it queued the row, and when there was no such row to retry. */
  retried(id: number): string;
  notRetried(id: number): string;
}) {
  const [action, id, ...rest] = process.argv.slice(2);
  if (
    rest.length > 0 ||
    (action !== "list" && action !== "retry") ||
    (action === "retry" ? !/^\d{1,15}$/.test(id ?? "") : id !== undefined)
  ) {
    console.error(command.usage);
    return 1;
  }
  return withShopDatabase(async ({ db }) => {
    if (action === "list") {
      for (const line of await command.list(db)) console.log(line);
      return 0;
    }
    if (await command.retry(db, Number(id), Date.now())) {
      console.log(command.retried(Number(id)));
      return 0;
    }
    console.error(command.notRetried(Number(id)));
    return 1;
  });
}
