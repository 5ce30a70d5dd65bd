import type { Logger } from "./logger";
import type { RetryPolicy } from "./db/work-queue";
import { deliverDueEmails } from "./mail/delivery";
import { pruneSentEmails } from "./mail/pruning";
import type { MailTransport } from "./mail/transports";
import { type ExpiryDependencies, expireUnpaidOrders, settleWithProvider } from "./orders/expiry";
import { refundDuePayments } from "./orders/refunds";
import { pruneRateLimits } from "./rate-limits";
import { sendLowStockDigests } from "./admin/low-stock-digest";
import { refreshPlannerStatistics } from "./db";
import { indexNewOrdersForSearch } from "./db/search";
import { rushDetector } from "./rush";
import { type BackupSettings, type BackupSource, runBackupJob } from "./backups/job";
import { checkAlerts } from "./alerts/check";
import { gatherAlertFacts } from "./alerts/facts";

interface MailDependencies {
  transport: MailTransport;
  policy: RetryPolicy;
  /** A sent email's text is removed this many days after it went (OUTBOX_KEEP_DAYS). */
  keepDays: number;
}

/** How often the server looks for unpaid orders past their expiry, and for emails to send. */
const EXPIRY_INTERVAL_MS = 30_000;
const MAIL_INTERVAL_MS = 2_000;
const REFUND_INTERVAL_MS = 5_000;
/**
 * Refunds are retried for about four hours (1, 2, 4 … 128 minutes) before a
 * person is asked. A claim outlasts Stripe's own retries of one call; should
 * it run out, the refund's idempotency key still makes it one refund.
 */
const REFUND_POLICY: RetryPolicy = { maxAttempts: 8, baseMs: 60_000, claimLeaseMs: 5 * 60_000 };
/** How often the server looks whether today's low-stock emails are due. */
const DIGEST_INTERVAL_MS = 5 * 60_000;
/** How often finished rate-limit windows are deleted, so the table holds only the addresses of the last day at most. */
const PRUNE_INTERVAL_MS = 10 * 60_000;
/** How often SQLite's query planner statistics are brought up to date. */
const PLANNER_INTERVAL_MS = 6 * 60 * 60_000;
/** How often sent emails past OUTBOX_KEEP_DAYS lose their text: a day's mail at most waits an hour more. */
const OUTBOX_PRUNE_INTERVAL_MS = 60 * 60_000;
/**
 * The orders the search reads one by one stay this recent (db/search.ts).
 * In a rush (rush.ts) the index takes one batch a run, 100 orders a second,
 * and catches up once it is quieter, so checkouts keep the core: indexing
 * every order as it came cost a rush of checkouts 4 % of its throughput
 * (23 µs an order), while a search meanwhile reads the newest orders one
 * by one.
 */
const SEARCH_INDEX_INTERVAL_MS = 5_000;

/** How often the server looks whether a snapshot is due (BACKUP_EVERY_HOURS since the newest). */
const BACKUP_CHECK_INTERVAL_MS = 5 * 60_000;

/** How often the server looks whether something began or stopped needing the owner (ALERT_EMAIL). */
const ALERT_CHECK_INTERVAL_MS = 60_000;

/**
 * Runs `work` now and then every `intervalMs`, never two runs at once; errors
 * are logged and retried. Stopping aborts `signal`, for work that can end early.
 */
function repeat(work: (signal: AbortSignal) => Promise<void>, intervalMs: number, logger: Logger, what: string) {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  const run = () =>
    (running ??= work(stopping.signal)
      .catch((error: unknown) => logger.error(error, `${what} failed; will try again`))
      .finally(() => {
        running = undefined;
      }));
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    stopping.abort();
    await running;
  };
}

/**
 * Background work of the server process: expiring unpaid orders (their stock
 * returns), delivering queued emails, giving back money that orders could not
 * take, deleting finished rate-limit windows, queuing the owners' daily
 * low-stock emails, removing the text of emails sent long ago, adding new
 * orders to SQLite's search index, keeping SQLite's planner statistics fresh,
 * taking the automatic backups (BACKUP_EVERY_HOURS), and emailing the owner
 * when something needs her and when it is over (ALERT_EMAIL).
 * Each runs once at start, so what fell due while the shop was down is handled
 * straight away, and then on an interval.
 */
export function startJobs(
  deps: ExpiryDependencies & {
    mail: MailDependencies;
    /** Rate-limit windows that started longer ago than this are over for every rule and can go. */
    longestRateLimitWindowMs: number;
    digest: { timeZone: string; publicUrl: string };
    /** The automatic snapshots: of the SQLite file, or a pg_dump of the PostgreSQL database. */
    backups: BackupSettings & { source: BackupSource; root: string; timeZone: string };
    alerts: { alertEmail: string; publicUrl: string; dataDir: string };
  },
) {
  const { db, logger, mail } = deps;
  const settle = settleWithProvider(deps);
  const stopExpiry = repeat(
    async () => {
      for (const order of await expireUnpaidOrders(db, Date.now(), settle)) {
        logger.info({ order: order.number }, "Unpaid order expired; its stock is back on sale");
      }
    },
    EXPIRY_INTERVAL_MS,
    logger,
    "Expiring unpaid orders",
  );
  const stopMail = repeat(
    async () => {
      await deliverDueEmails(db, mail.transport, { logger, policy: mail.policy });
    },
    MAIL_INTERVAL_MS,
    logger,
    "Delivering emails",
  );
  const stopRefunds = repeat(
    async () => {
      await refundDuePayments(db, deps.payments, { logger, policy: REFUND_POLICY });
    },
    REFUND_INTERVAL_MS,
    logger,
    "Refunding payments",
  );
  const stopPruning = repeat(
    async () => {
      await pruneRateLimits(db, Date.now() - deps.longestRateLimitWindowMs);
    },
    PRUNE_INTERVAL_MS,
    logger,
    "Deleting finished rate-limit windows",
  );
  const stopDigests = repeat(
    async () => {
      await sendLowStockDigests(db, { now: Date.now(), ...deps.digest });
    },
    DIGEST_INTERVAL_MS,
    logger,
    "Queuing the low-stock emails",
  );
  const stopOutboxPruning = repeat(
    async (signal) => {
      const pruned = await pruneSentEmails(db, { now: Date.now(), keepDays: mail.keepDays, signal });
      if (pruned > 0)
        logger.info({ pruned }, `Removed the text of ${pruned} emails sent more than ${mail.keepDays} days ago`);
    },
    OUTBOX_PRUNE_INTERVAL_MS,
    logger,
    "Pruning sent emails",
  );
  const inRush = rushDetector();
  const stopSearchIndex = repeat(
    (signal) => indexNewOrdersForSearch(db, { signal, batches: inRush() ? 1 : Infinity }).then(() => {}),
    SEARCH_INDEX_INTERVAL_MS,
    logger,
    "Adding new orders to the search index",
  );
  const stopPlanner = repeat(
    () => refreshPlannerStatistics(db),
    PLANNER_INTERVAL_MS,
    logger,
    "Refreshing the query planner's statistics",
  );
  const { backups } = deps;
  const stopBackups =
    backups.everyHours > 0
      ? repeat(
          async (signal) => {
            const { source, root, timeZone } = backups;
            const run = await runBackupJob(db, { source, root, timeZone, backups, now: Date.now(), signal });
            if (run.kind !== "taken") return;
            logger.info({ file: run.file, deleted: run.deleted }, run.summary);
            if (run.command && run.command.exitCode !== 0)
              logger.error(run.command, `BACKUP_COMMAND failed with exit status ${run.command.exitCode}`);
          },
          BACKUP_CHECK_INTERVAL_MS,
          logger,
          "Taking a backup",
        )
      : async () => {};
  const watchingSince = Date.now();
  const stopAlerts = repeat(
    async () => {
      const { dataDir, ...mailing } = deps.alerts;
      const facts = await gatherAlertFacts(db, {
        now: Date.now(),
        timeZone: backups.timeZone,
        dataDir,
        backups,
        watchingSince,
      });
      await checkAlerts(db, facts, { ...mailing, logger });
    },
    ALERT_CHECK_INTERVAL_MS,
    logger,
    "Checking what needs the owner",
  );
  return {
    stop: async () => {
      await Promise.all([
        stopExpiry(),
        stopMail(),
        stopRefunds(),
        stopPruning(),
        stopDigests(),
        stopOutboxPruning(),
        stopSearchIndex(),
        stopPlanner(),
        stopBackups(),
        stopAlerts(),
      ]);
      mail.transport.close?.();
    },
  };
}
