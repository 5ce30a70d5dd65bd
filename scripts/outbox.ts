/**
 * npm run outbox -- list        the emails not delivered yet, and those that failed
 * npm run outbox -- retry ID    queue one again (the running server sends it within seconds)
 */
import { listUndelivered, retryMessage } from "~/.server/mail/outbox-admin";
import { runQueueCommand } from "./queue-command";

process.exitCode = await runQueueCommand({
  usage: "Usage: npm run outbox -- list | retry ID",
  async list(db) {
    const rows = await listUndelivered(db);
    if (rows.length === 0) return ["Every email has been delivered."];
    return rows.map((row) =>
      [
        `#${row.id}`,
        row.status,
        row.kind,
        `to ${row.to}`,
        `order ${row.order_number ?? "-"}`,
        `${row.attempts} attempts`,
        row.status === "failed" ? "gave up" : `next try ${new Date(row.next_attempt_at).toISOString()}`,
        row.last_error ?? "",
      ]
        .filter(Boolean)
        .join("  "),
    );
  },
  retry: retryMessage,
  retried: (id) => `Email ${id} is queued again.`,
  notRetried: (id) => `There is no pending or failed email ${id}.`,
});
