import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { type Insertable, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Db, openDatabase, sqliteFileIn } from "~/.server/db";
import { backupSqlite } from "~/.server/db/backup";
import { restoreSqlite } from "~/.server/db/restore";
import type { OutboxTable } from "~/.server/db/schema";
import { createLogger } from "~/.server/logger";
import { deliverDueEmails } from "~/.server/mail/delivery";
import { retryMessage } from "~/.server/mail/outbox-admin";
import { pruneSentEmails } from "~/.server/mail/pruning";
import { signedInOwner } from "../helpers/owner";
import { type Shop, openShop } from "../helpers/shop-api";
import { placePaidOrder, rowsWithStatus } from "../helpers/shop-mail";
import { startServerProcess } from "../helpers/server-process";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";

const DAY = 24 * 60 * 60_000;
const NOW = Date.UTC(2027, 5, 1, 12);
const KEEP_DAYS = 90;

/** An email as the outbox holds it, full of the shopper's details, sent `daysAgo` before NOW unless said otherwise. */
function email(daysAgo: number, overrides: Partial<Insertable<OutboxTable>> = {}): Insertable<OutboxTable> {
  const at = NOW - daysAgo * DAY;
  return {
    order_id: null,
    kind: "order_notification",
    to: "hello@wickshop.example",
    reply_to: "ada@example.com",
    subject: "New order WS-ABC123: $61.00",
    text: "Ada Lovelace, 12 Wick Lane, Portland OR 97201, 555-0100",
    html: "<p>Ada Lovelace, 12 Wick Lane, Portland OR 97201, 555-0100</p>",
    params: JSON.stringify({ customerName: "Ada Lovelace", shippingAddress: "12 Wick Lane" }),
    status: "sent",
    attempts: 1,
    next_attempt_at: at,
    last_error: null,
    created_at: at - 60_000,
    sent_at: at,
    ...overrides,
  };
}

async function insertEmails(db: Db, emails: Insertable<OutboxTable>[]) {
  const ids: number[] = [];
  // Within SQLite's limit of bound values per statement.
  for (let start = 0; start < emails.length; start += 200) {
    const rows = await db
      .insertInto("outbox")
      .values(emails.slice(start, start + 200))
      .returning("id")
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

const rowOf = (db: Db, id: number) =>
  db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe(`pruning sent emails, on ${testEngine}`, () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(() => database.cleanup());
  beforeEach(async () => {
    await db.deleteFrom("outbox").execute();
  });

  it("removes the text, HTML, parameters and reply-to of a sent email past the limit, keeping its recipient, subject, Message-ID parts and sending time, marked", async () => {
    const [old, recent, failed, pending, justPast] = await insertEmails(db, [
      email(KEEP_DAYS + 30),
      email(KEEP_DAYS - 1),
      email(KEEP_DAYS + 400, { status: "failed", sent_at: null, attempts: 8, last_error: "550 mailbox unavailable" }),
      email(KEEP_DAYS + 400, { status: "pending", sent_at: null, attempts: 3, last_error: "connection refused" }),
      email(KEEP_DAYS, { sent_at: NOW - KEEP_DAYS * DAY - 1 }),
    ]);
    const before = await Promise.all([old!, justPast!].map((id) => rowOf(db, id)));

    expect(await pruneSentEmails(db, { now: NOW, keepDays: KEEP_DAYS })).toBe(2);

    for (const { id, to, subject, kind, order_id, created_at, sent_at, attempts } of before) {
      const pruned = await rowOf(db, id);
      expect(pruned).toMatchObject({
        text: "",
        html: "",
        params: null,
        reply_to: null,
        last_error: null,
        pruned_at: NOW,
        status: "sent",
      });
      // What the timeline and a Message-ID (outbox-{id}-{created_at}@host) are made of stays.
      expect(pruned).toMatchObject({ id, to, subject, kind, order_id, created_at, sent_at, attempts });
    }
    expect(await rowOf(db, recent!)).toMatchObject({
      text: email(0).text,
      html: email(0).html,
      params: email(0).params,
      reply_to: "ada@example.com",
      pruned_at: null,
    });
    expect(await rowOf(db, failed!)).toMatchObject({
      status: "failed",
      text: email(0).text,
      params: email(0).params,
      last_error: "550 mailbox unavailable",
      pruned_at: null,
    });
    expect(await rowOf(db, pending!)).toMatchObject({
      status: "pending",
      text: email(0).text,
      params: email(0).params,
      pruned_at: null,
    });
  });

  it("changes nothing more when it runs again, even later", async () => {
    await insertEmails(db, [email(KEEP_DAYS + 1), email(KEEP_DAYS + 2), email(1)]);
    expect(await pruneSentEmails(db, { now: NOW, keepDays: KEEP_DAYS })).toBe(2);
    const after = await db.selectFrom("outbox").selectAll().orderBy("id").execute();
    expect(await pruneSentEmails(db, { now: NOW, keepDays: KEEP_DAYS })).toBe(0);
    expect(await pruneSentEmails(db, { now: NOW + DAY, keepDays: KEEP_DAYS })).toBe(0);
    expect(await db.selectFrom("outbox").selectAll().orderBy("id").execute()).toEqual(after);
  });

  it("prunes each email once when several processes prune at the same moment, in small batches", async () => {
    const ids = await insertEmails(
      db,
      Array.from({ length: 60 }, (_, index) => email(KEEP_DAYS + 1 + index)),
    );
    const other = openDatabase({ dataDir: database.env.DATA_DIR, databaseUrl: database.env.DATABASE_URL });
    try {
      const counts = await Promise.all(
        [db, other.db, db, other.db].map((handle) =>
          pruneSentEmails(handle, { now: NOW, keepDays: KEEP_DAYS, batch: 4 }),
        ),
      );
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(ids.length);
    } finally {
      await other.db.destroy();
    }
    const rows = await db.selectFrom("outbox").select(["id", "text", "pruned_at"]).orderBy("id").execute();
    expect(rows).toEqual(ids.map((id) => ({ id, text: "", pruned_at: NOW })));
  });

  it("never sends a pruned email again: it cannot be queued again, and delivery passes it by", async () => {
    const [id] = await insertEmails(db, [email(KEEP_DAYS + 1)]);
    await pruneSentEmails(db, { now: NOW, keepDays: KEEP_DAYS });
    expect(await retryMessage(db, id!, NOW)).toBe(false);
    const sent: number[] = [];
    const transport = { name: "recording", send: async (message: { id: number }) => void sent.push(message.id) };
    const logger = createLogger({ mode: "test", logLevel: "silent" });
    await deliverDueEmails(db, transport, {
      logger,
      policy: { maxAttempts: 3, baseMs: 1000, claimLeaseMs: 60_000 },
      now: () => NOW + DAY,
    });
    expect(sent).toEqual([]);
    expect(await rowOf(db, id!)).toMatchObject({ status: "sent", text: "", pruned_at: NOW });
  });

  it.runIf(testEngine === "sqlite")("gives the space of the pruned bodies back: the SQLite file shrinks", async () => {
    // Bodies of the sizes real order emails have, some spilling onto overflow pages, some not.
    const sizes = [1_500, 2_600, 5_000, 9_000];
    await insertEmails(
      db,
      Array.from({ length: 2_000 }, (_, index) =>
        email(KEEP_DAYS + 1, { text: "x".repeat(sizes[index % 4]!), html: "<p>x</p>" }),
      ),
    );
    const file = sqliteFileIn(database.env.DATA_DIR);
    const pragma = async (name: string) =>
      Object.values((await sql<Record<string, number>>`${sql.raw(`pragma ${name}`)}`.execute(db)).rows[0]!)[0]!;
    await pragma("wal_checkpoint(truncate)");
    const pagesBefore = await pragma("page_count");
    const bytesBefore = fs.statSync(file).size;

    expect(await pruneSentEmails(db, { now: NOW, keepDays: KEEP_DAYS })).toBe(2_000);
    expect(await pragma("freelist_count")).toBe(0);
    expect(await pragma("page_count")).toBeLessThan(pagesBefore / 5);
    await pragma("wal_checkpoint(truncate)");
    expect(fs.statSync(file).size).toBeLessThan(bytesBefore / 5);
  });
});

describe.runIf(testEngine === "sqlite")("backups of a SQLite database that predates incremental vacuum", () => {
  let database: TestDatabase;
  const made: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await database.cleanup();
    for (const folder of made) fs.rmSync(folder, { recursive: true, force: true });
  });

  it("come out compact and switched, and so does a restore of them", async () => {
    const { db } = database;
    await sql`create table orders (id integer primary key, status text, body text)`.execute(db);
    for (let row = 0; row < 400; row++)
      await sql`insert into orders (status, body) values ('paid', ${"x".repeat(10_000)})`.execute(db);
    // What a shop pruned before it could give pages back: most of the file is free pages.
    await sql`update orders set body = ''`.execute(db);
    await sql`delete from orders where id > 10`.execute(db);
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
    const live = sqliteFileIn(database.env.DATA_DIR);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-compact-"));
    made.push(folder);

    const backup = await backupSqlite(database.env.DATA_DIR, path.join(folder, "backup.sqlite"));
    expect(backup.orders).toBe(10);
    expect(backup.bytes).toBeLessThan(fs.statSync(live).size / 10);
    const { summary: restored } = await restoreSqlite(backup.file, path.join(folder, "restored"));
    for (const file of [backup.file, restored.file]) {
      const copy = new SQLite(file, { readonly: true });
      expect(copy.pragma("auto_vacuum", { simple: true })).toBe(2);
      expect(copy.pragma("freelist_count", { simple: true })).toBe(0);
      copy.close();
    }
  });
});

describe(`pruned emails in the back office, on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [{ id: 1001, name: "Fig Leaf", price: 24, stock: 100 }] });
  });
  afterAll(() => shop.close());
  const textOf = (html: string) => html.replaceAll("<!-- -->", "");

  it("still lists each email on the order's timeline, and says its text was removed", async () => {
    const owner = await signedInOwner(shop);
    const order = await placePaidOrder(shop, [{ id: 1001, quantity: 1 }], { shipping: { email: "grace@example.com" } });
    await waitFor(() => rowsWithStatus(shop.db, order.id, "sent", 2), {
      timeoutMs: 20_000,
      what: "the order's two emails sent",
    });

    // 91 days on, with the default of 90.
    expect(await pruneSentEmails(shop.db, { now: Date.now() + 91 * DAY, keepDays: KEEP_DAYS })).toBe(2);
    const page = textOf((await owner.get(`/admin/orders/${order.number}`)).html);
    expect(page).toContain("Order notification to hello@wickshop.example: sent (its text was removed after 91 days)");
    expect(page).toContain("Receipt to grace@example.com: sent (its text was removed after 91 days)");

    const other = await placePaidOrder(shop, [{ id: 1001, quantity: 1 }], { shipping: { email: "ada@example.com" } });
    await waitFor(() => rowsWithStatus(shop.db, other.id, "sent", 2), {
      timeoutMs: 20_000,
      what: "the other order's emails sent",
    });
    const kept = textOf((await owner.get(`/admin/orders/${other.number}`)).html);
    expect(kept).toContain("Receipt to ada@example.com: sent");
    expect(kept).not.toContain("its text was removed");
  });

  it("is done by the server itself, at start and then on its own, after OUTBOX_KEEP_DAYS", async () => {
    const now = Date.now();
    const at = (daysAgo: number) => ({
      created_at: now - daysAgo * DAY,
      sent_at: now - daysAgo * DAY,
      next_attempt_at: now - daysAgo * DAY,
    });
    const [old, recent] = await insertEmails(shop.db, [email(0, at(31)), email(0, at(29))]);
    // A second process on the same database, as several servers run on one PostgreSQL.
    const server = await startServerProcess({ ...shop.database.env, OUTBOX_KEEP_DAYS: "30" });
    try {
      await waitFor(async () => (await rowOf(shop.db, old!)).pruned_at !== null, {
        what: "the 31-day-old email pruned",
      });
    } finally {
      await server.stop();
    }
    expect(await rowOf(shop.db, old!)).toMatchObject({ text: "", params: null });
    expect(await rowOf(shop.db, recent!)).toMatchObject({ text: email(0).text, pruned_at: null });
  });
});
