/**
 * npm run refunds -- list        money given back, or still to give back, newest first
 * npm run refunds -- retry ID    try a refund that failed again (the running server sends it within seconds)
 */
import { listRefunds, retryRefund } from "~/.server/orders/refunds";
import { formatPrice } from "~/lib/money";
import { runQueueCommand } from "./queue-command";

const REASONS: Record<string, string> = {
  payment_not_applicable: "paid after the order expired, or another amount",
  owner: "cancelled and refunded by the owner",
  provider: "refunded in the provider's dashboard",
};

process.exitCode = await runQueueCommand({
  usage: "Usage: npm run refunds -- list | retry ID",
  async list(db) {
    const rows = await listRefunds(db);
    if (rows.length === 0) return ["No refunds."];
    return rows.map((row) =>
      [
        `#${row.id}`,
        row.status === "pending" ? "to refund" : row.status,
        `order ${row.order_number}`,
        `$${formatPrice(row.amount_cents)} ${row.currency.toUpperCase()}`,
        `${row.provider} ${row.payment_ref}`,
        REASONS[row.reason] ?? row.reason,
        row.status === "refunded"
          ? `refunded ${new Date(row.refunded_at!).toISOString()}`
          : row.status === "failed"
            ? `gave up after ${row.attempts} attempts`
            : `next try ${new Date(row.next_attempt_at).toISOString()}`,
        row.status === "refunded" ? "" : (row.last_error ?? ""),
      ]
        .filter(Boolean)
        .join("  "),
    );
  },
  retry: retryRefund,
  retried: (id) => `Refund ${id} is queued again.`,
  notRetried: (id) => `There is no pending or failed refund ${id}.`,
});
