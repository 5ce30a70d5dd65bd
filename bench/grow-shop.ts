import { parseValues, variantLabel } from "~/lib/variants";
import fs from "node:fs";
import { sql } from "kysely";
import pg from "pg";
import { type Db, migrateToLatest, openDatabase, sqliteFileIn } from "~/.server/db";
import { progress } from "./catalog-run";
import { eventsOf } from "./order-events";
import { type Account, type GrownOrder, growHistory } from "./order-history";
import { ownerHistory } from "./owner-history";
import type { GrownShopFigures } from "./back-office-run";
import type { ShopData } from "./shop-server";

/** Orders written per transaction, with their lines, payments, emails and refunds. */
const ORDERS_PER_TRANSACTION = 1_000;
/**
 * Rows per INSERT: multi-row statements well under SQLite's 32,766 and
 * PostgreSQL's 65,535 parameters (orders have 25 columns, emails 14).
 */
const ROWS_PER_INSERT = { orders: 1_000, lines: 3_000, emails: 500, small: 2_000 };
/** One order in five gives the activity log an entry: 20,000 at 100,000 orders. */
const ACTIVITY_PER_ORDER = 0.2;

export interface GrowOptions {
  orders: number;
  /** The shopper who signed up over HTTP, and how many orders she gets. */
  regular: { email: string; orders: number };
  ownerEmail: string;
  shopEmail: string;
  reservationMs: number;
}

export interface GrownShop extends GrownShopFigures {
  /** What the measured pages look for: an order in the middle of the history, a name and a guest's email to search. */
  samples: { number: string; name: string; email: string };
}

async function inBatches<T>(rows: T[], size: number, write: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await write(rows.slice(start, start + size));
}

/** better-auth's own columns of its user table (migration 003), which app/.server/db/schema.ts types only in part. */
type AuthUsers = {
  user: { id: string; name: string; email: string; emailVerified: number; createdAt: string; updatedAt: string };
};

function writeAccounts(db: Db, accounts: Account[]) {
  const rows = accounts.map((account) => {
    const at = new Date(account.createdAt).toISOString();
    // 0 is false on both engines; ISO text is how better-auth keeps dates in SQLite, and PostgreSQL parses it.
    return { id: account.id, name: account.name, email: account.email, emailVerified: 0, createdAt: at, updatedAt: at };
  });
  return inBatches(rows, ROWS_PER_INSERT.small, (batch) =>
    db.withTables<AuthUsers>().insertInto("user").values(batch).execute(),
  );
}

async function writeOrders(db: Db, orders: GrownOrder[], shopEmail: string, counts: GrownShop["counts"]) {
  await db.transaction().execute(async (trx) => {
    const ids = new Map<string, number>();
    await inBatches(orders, ROWS_PER_INSERT.orders, async (batch) => {
      const inserted = await trx
        .insertInto("orders")
        .values(batch.map((order) => order.row))
        .returning(["id", "number"])
        .execute();
      for (const { id, number } of inserted) ids.set(number, id);
    });
    const events = orders.map((order) => eventsOf(order, ids.get(order.row.number)!, shopEmail));
    const items = events.flatMap((event) => event.items);
    const emails = events.flatMap((event) => event.emails);
    const payments = events.flatMap((event) => event.payments);
    const refunds = events.flatMap((event) => event.refunds);
    await inBatches(items, ROWS_PER_INSERT.lines, (batch) => trx.insertInto("order_items").values(batch).execute());
    await inBatches(payments, ROWS_PER_INSERT.small, (batch) =>
      trx.insertInto("payment_events").values(batch).execute(),
    );
    await inBatches(emails, ROWS_PER_INSERT.emails, (batch) => trx.insertInto("outbox").values(batch).execute());
    await inBatches(refunds, ROWS_PER_INSERT.small, (batch) => trx.insertInto("refunds").values(batch).execute());
    counts.orders += orders.length;
    counts.lines += items.length;
    counts.emails += emails.length;
    counts.paymentEvents += payments.length;
    counts.refunds += refunds.length;
  });
}

/** The database's size on disk: the SQLite file with its WAL, or pg_database_size. */
export async function databaseBytes(data: ShopData): Promise<number> {
  if (data.databaseUrl) {
    const client = new pg.Client({ connectionString: data.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ bytes: string }>("select pg_database_size(current_database()) as bytes");
      return Number(rows[0]!.bytes);
    } finally {
      await client.end();
    }
  }
  const file = sqliteFileIn(data.dataDir);
  return [file, `${file}-wal`].reduce(
    (sum, name) => sum + (fs.statSync(name, { throwIfNoEntry: false })?.size ?? 0),
    0,
  );
}

/**
 * Grows the shop in `data` (migrated, its catalog loaded, the owner and the
 * regular shopper signed up) to `options.orders` orders, writing rows the
 * way the shop would have over three years, in big batches inside
 * transactions: no checkout runs. On PostgreSQL it then vacuums and
 * analyzes, as autovacuum would have done long before; SQLite gets no
 * ANALYZE, as the shop runs none itself.
 */
export async function growShop(data: ShopData, options: GrowOptions): Promise<GrownShop> {
  const started = performance.now();
  const { db } = openDatabase(data);
  let grown;
  try {
    await migrateToLatest(db);
    const products = (
      await db
        .selectFrom("products as p")
        .innerJoin("variants as v", "v.product_id", "p.id")
        .select(["p.id", "v.id as variant_id", "p.name", "v.option_values", "v.price_cents", "p.scent"])
        .where("v.archived", "=", 0)
        .orderBy("v.id")
        .execute()
    ).map(({ option_values, ...product }) => ({ ...product, variant: variantLabel(parseValues(option_values)) }));
    const owner = await db
      .selectFrom("user")
      .select(["id", "name"])
      .where("email", "=", options.ownerEmail)
      .executeTakeFirstOrThrow();
    const regular = await db
      .selectFrom("user")
      .select(["id", "name", "email"])
      .where("email", "=", options.regular.email)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const history = growHistory({
      orders: options.orders,
      now,
      products,
      regular,
      regularOrders: options.regular.orders,
      reservationMs: options.reservationMs,
    });
    const counts: GrownShop["counts"] = {
      orders: 0,
      lines: 0,
      emails: 0,
      paymentEvents: 0,
      refunds: 0,
      activity: 0,
      stockAdjustments: 0,
      accounts: history.accounts.length,
    };

    await db.transaction().execute((trx) => writeAccounts(trx, history.accounts));
    for (let start = 0; start < history.orders.length; start += ORDERS_PER_TRANSACTION) {
      await writeOrders(db, history.orders.slice(start, start + ORDERS_PER_TRANSACTION), options.shopEmail, counts);
      if ((start / ORDERS_PER_TRANSACTION) % 20 === 19)
        progress(`grown to ${counts.orders.toLocaleString("en-US")} orders`);
    }
    const { activity, adjustments } = ownerHistory(history, {
      products,
      owner,
      entries: Math.round(options.orders * ACTIVITY_PER_ORDER),
      now,
    });
    await db.transaction().execute(async (trx) => {
      await inBatches(activity, ROWS_PER_INSERT.small, (batch) => trx.insertInto("activity").values(batch).execute());
      await inBatches(adjustments, ROWS_PER_INSERT.small, (batch) =>
        trx.insertInto("stock_adjustments").values(batch).execute(),
      );
    });
    counts.activity = activity.length;
    counts.stockAdjustments = adjustments.length;
    if (data.databaseUrl) await sql`vacuum analyze`.execute(db);

    // A shipped order from the middle of the history (its page lists its three emails), and a guest's address from a third in.
    const from = (share: number) => history.orders.slice(Math.floor(history.orders.length * share));
    const middle = from(1 / 2).find((order) => order.row.status === "shipped")!.row;
    const guest = from(1 / 3).find((order) => order.row.user_id === null && order.row.email !== null)!.row;
    grown = {
      counts,
      samples: { number: middle.number, name: middle.shipping_name.split(" ").at(-1)!, email: guest.email! },
    };
  } finally {
    // Closing SQLite's last connection checkpoints the WAL into the file.
    await db.destroy();
  }
  return { ...grown, seconds: (performance.now() - started) / 1000, databaseBytes: await databaseBytes(data) };
}
