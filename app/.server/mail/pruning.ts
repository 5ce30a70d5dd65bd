import { setImmediate as nextTurn } from "node:timers/promises";
import type { Db } from "../db";
import { lockSkippingLocked } from "../db/locks";
import { reclaimEveryFreePage, reclaimFreePages } from "../db/space";
import { changesOf, rowsOf, runSteps, type Steps } from "../db/steps";

const DAY_MS = 24 * 60 * 60_000;
/**
 * Emails pruned per transaction. On SQLite a transaction holds the process
 * (steps.ts): 25 take about 8 ms, so a request waits little behind one. At
 * 50,000 emails the first run took 25 s, the event loop delayed by 8 ms at
 * the median and 80 ms at the 99th percentile (WAL checkpoints), and the file
 * went from 372 MB to 7 MB.
 */
const BATCH = 25;
/** Free pages (4 KB each) given back per transaction: what a batch frees, with room to catch up. */
const RECLAIM_PAGES = 64;

/** What a pruned email keeps: what the timeline shows, and what its Message-ID (outbox-{id}-{created_at}@host) is made of. */
const KEPT = [
  "id",
  "order_id",
  "kind",
  "to",
  "subject",
  "status",
  "attempts",
  "next_attempt_at",
  "created_at",
  "sent_at",
] as const;

/**
 * Claims up to `size` sent emails past the limit and prunes them, as one
 * short transaction (on SQLite run synchronously, steps.ts). As with the
 * expiry job's claim, on PostgreSQL the rows another process is pruning are
 * skipped (`FOR UPDATE SKIP LOCKED`; one it has pruned meanwhile is gone
 * from under the lock, so skipped too), and SQLite has one writer at a time:
 * each email is pruned once however many processes run this.
 * Each is deleted and written anew without its body rather than updated:
 * SQLite leaves a row made smaller in place on its page (only a delete
 * merges emptied pages), so the space would never come free.
 */
function* pruneBatch(db: Db, sentBefore: number, now: number, size: number): Steps<number> {
  const due = db
    .selectFrom("outbox")
    .select("id")
    .where("status", "=", "sent")
    .where("pruned_at", "is", null)
    .where("sent_at", "<", sentBefore)
    .orderBy("sent_at")
    .limit(size);
  const pruned = yield* rowsOf(db.deleteFrom("outbox").where("id", "in", lockSkippingLocked(db, due)).returning(KEPT));
  if (pruned.length === 0) return 0;
  yield* changesOf(
    db.insertInto("outbox").values(
      pruned.map((email) => ({
        ...email,
        text: "",
        html: "",
        params: null,
        reply_to: null,
        last_error: null,
        pruned_at: now,
      })),
    ),
  );
  yield* reclaimFreePages(db, RECLAIM_PAGES);
  return pruned.length;
}

/**
 * Removes the text, HTML, template parameters and reply-to (the shopper's
 * name, address and email) of emails sent more than `keepDays` before `now`.
 * The row stays, marked with when it was pruned: who it went to, its
 * subject, Message-ID and sending time, for the order's timeline. Waiting
 * and failed emails keep everything: they may still be sent. Works in small
 * transactions and gives the event loop back between them; stops early when
 * `signal` aborts (the server shutting down). Answers how many it pruned.
 */
export async function pruneSentEmails(
  db: Db,
  options: { now: number; keepDays: number; batch?: number; signal?: AbortSignal },
): Promise<number> {
  const size = options.batch ?? BATCH;
  const sentBefore = options.now - options.keepDays * DAY_MS;
  let total = 0;
  while (!options.signal?.aborted) {
    const pruned = await runSteps(db, () => pruneBatch(db, sentBefore, options.now, size), { transaction: true });
    total += pruned;
    if (pruned < size) break;
    await nextTurn();
  }
  // What the batches, or deletes elsewhere, left free.
  await reclaimEveryFreePage(db, { stepPages: RECLAIM_PAGES, signal: options.signal });
  return total;
}
