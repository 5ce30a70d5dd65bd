import { AsyncLocalStorage } from "node:async_hooks";
import type { Transaction } from "kysely";
import type { Database, Db } from ".";

/**
 * A transaction under way: what code that must commit or roll back with
 * its caller's other writes takes (an activity entry, a queued email, a
 * stock adjustment). The shop's database is not one, so such code cannot
 * be handed it by mistake.
 */
export type Trx = Transaction<Database>;

/**
 * Whether the code running is inside a `transaction`'s function. It is
 * tracked only while one is open: on Node 20 an AsyncLocalStorage in use
 * turns on promise hooks for the whole process, which made promise-heavy
 * code two to three times slower when measured, and a guest's checkout runs
 * no `transaction` (db/steps.ts).
 */
const inside = new AsyncLocalStorage<{ open: boolean }>();
let openTransactions = 0;

/**
 * Runs `fn` as one transaction: committed when it returns, rolled back when
 * it throws. Everything inside goes through `trx`: the shop's database waits
 * for the transaction (SQLite has one connection) or runs outside it
 * (another PostgreSQL connection), so it is never reached for in `fn`. On
 * SQLite it begins IMMEDIATE (db/sqlite-dialect.ts says why): it waits for
 * another process's write before `fn` reads, instead of failing at its first
 * write.
 */
export async function transaction<T>(db: Db, fn: (trx: Trx) => Promise<T>): Promise<T> {
  assertNotInTransaction("transaction");
  const state = { open: true };
  openTransactions++;
  try {
    return await inside.run(state, () => db.transaction().execute(fn));
  } finally {
    // Work `fn` started and left running is outside the transaction from now on.
    state.open = false;
    if (--openTransactions === 0) inside.disable();
  }
}

/**
 * Throws when `db` is a transaction or the caller runs inside `transaction`:
 * for work that opens its own (runSteps), which inside one would wait for
 * it forever on SQLite, or, on PostgreSQL, run beside it and wait for the
 * rows it locked.
 */
export function assertNotInTransaction(what: string, db?: { isTransaction: boolean }) {
  if (db?.isTransaction || inside.getStore()?.open) {
    throw new Error(
      `${what} was called inside a transaction: it runs its own, so call it before or after the transaction, never in it`,
    );
  }
}
