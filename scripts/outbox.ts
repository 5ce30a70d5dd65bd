/**
 * npm run outbox -- list        the emails not delivered yet, and those that failed
 * npm run outbox -- retry ID    queue one again (the running server sends it within seconds)
 */
import { loadConfig } from "~/.server/config";
import { migrateToLatest, openDatabase } from "~/.server/db";
import { listUndelivered, retryMessage } from "~/.server/mail/outbox-admin";

const USAGE = "Usage: npm run outbox -- list | retry ID";

async function run(args: string[]) {
  const [command, id, ...rest] = args;
  if (rest.length > 0 || (command !== "list" && command !== "retry") || (command === "retry" && !/^\d+$/.test(id ?? ""))) {
    console.error(USAGE);
    return 1;
  }
  const { db } = openDatabase(loadConfig());
  try {
    await migrateToLatest(db);
    if (command === "retry") {
      if (await retryMessage(db, Number(id), Date.now())) {
        console.log(`Email ${id} is queued again.`);
        return 0;
      }
      console.error(`There is no pending or failed email ${id}.`);
      return 1;
    }
    const rows = await listUndelivered(db);
    if (rows.length === 0) console.log("Every email has been delivered.");
    for (const row of rows) {
      const when = row.status === "failed" ? "gave up" : `next try ${new Date(row.next_attempt_at).toISOString()}`;
      console.log(
        [`#${row.id}`, row.status, row.kind, `to ${row.to}`, `order ${row.order_number ?? "-"}`, `${row.attempts} attempts`, when, row.last_error ?? ""]
          .filter(Boolean)
          .join("  "),
      );
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

try {
  process.loadEnvFile(".env");
} catch {
  // No .env file: the environment alone says where the data lives.
}
process.exitCode = await run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  return 1;
});
