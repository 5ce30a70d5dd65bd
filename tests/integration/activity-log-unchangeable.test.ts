import { type RawBuilder, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordActivity } from "~/.server/admin/activity";
import type { Db } from "~/.server/db";
import type { ActivityRow } from "~/.server/db/schema";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

const REFUSAL = /The activity log is never edited/;
const onSqlite = testEngine === "sqlite";
const owner = { id: "owner-1", displayName: "Mara Wick" };
const allActivity = (db: Db) => db.selectFrom("activity").selectAll().orderBy("id").execute();

/** An entry as a forger would write it, at `id`. */
const forgedColumns = sql`(id, created_at, actor_id, actor_name, action, subject_type, subject, before, after)`;
const forgedValues = (id: number) =>
  sql`(${id}, 1, 'intruder', 'Someone else', 'order.shipped', 'order', 'WS-FORGED', null, null)`;

describe(`the activity log on ${testEngine} is only ever appended to`, () => {
  let database: TestDatabase;
  let written: ActivityRow[];
  beforeEach(async () => {
    database = await createTestDatabase();
    await recordActivity(
      database.db,
      owner,
      { action: "order.shipped", subjectType: "order", subject: "WS-1", after: { status: "shipped" } },
      1000,
    );
    await recordActivity(
      database.db,
      owner,
      { action: "order.refunded", subjectType: "order", subject: "WS-1", before: { status: "shipped" } },
      2000,
    );
    written = await allActivity(database.db);
  });
  afterEach(() => database.cleanup());

  // The log is compared first: a statement that gets through shows what it changed.
  const refusedAndUnchanged = async (statement: RawBuilder<unknown>) => {
    const outcome = await statement.execute(database.db).then(
      () => "carried out",
      (error: Error) => error.message,
    );
    expect(await allActivity(database.db)).toEqual(written);
    expect(outcome).toMatch(REFUSAL);
  };
  const first = () => written[0]!.id;

  it("refuses UPDATE of an entry", () =>
    refusedAndUnchanged(sql`update activity set actor_name = 'Someone else' where id = ${first()}`));

  it("refuses DELETE of an entry", () => refusedAndUnchanged(sql`delete from activity where id = ${first()}`));

  it("refuses DELETE of every entry (without WHERE: on SQLite, its truncate optimisation)", () =>
    refusedAndUnchanged(sql`delete from activity`));

  it.skipIf(onSqlite)("refuses TRUNCATE (PostgreSQL only: SQLite has no TRUNCATE)", () =>
    refusedAndUnchanged(sql`truncate activity`),
  );

  it("refuses an upsert over an entry (INSERT … ON CONFLICT (id) DO UPDATE)", () =>
    refusedAndUnchanged(
      sql`insert into activity ${forgedColumns} values ${forgedValues(first())} on conflict (id) do update set actor_name = excluded.actor_name`,
    ));

  it.skipIf(!onSqlite)("refuses INSERT OR REPLACE over an entry (SQLite only)", () =>
    refusedAndUnchanged(sql`insert or replace into activity ${forgedColumns} values ${forgedValues(first())}`),
  );

  it.skipIf(!onSqlite)("refuses REPLACE INTO over an entry (SQLite only)", () =>
    refusedAndUnchanged(sql`replace into activity ${forgedColumns} values ${forgedValues(first())}`),
  );

  it.skipIf(onSqlite)(
    "refuses MERGE that updates or deletes matched entries (PostgreSQL 15 and later only)",
    async (context) => {
      const { version } = (
        await sql<{ version: number }>`select current_setting('server_version_num')::int as version`.execute(
          database.db,
        )
      ).rows[0]!;
      if (version < 150000) context.skip();
      const merge = (action: RawBuilder<unknown>) =>
        sql`merge into activity using (select ${first()}::int as id) as forged on activity.id = forged.id when matched then ${action}`;
      await refusedAndUnchanged(merge(sql`update set actor_name = 'Someone else'`));
      await refusedAndUnchanged(merge(sql`delete`));
    },
  );

  // A before-insert trigger sees -1 as the id of a row SQLite has yet to number:
  // an entry already at -1 would make every new one look like a replacement.
  it.skipIf(!onSqlite)(
    "refuses an entry numbered below 1, so none can block the appends after it (SQLite only)",
    async () => {
      await refusedAndUnchanged(sql`insert into activity ${forgedColumns} values ${forgedValues(-1)}`);
      await refusedAndUnchanged(sql`insert into activity ${forgedColumns} values ${forgedValues(0)}`);
      await recordActivity(
        database.db,
        owner,
        { action: "product.edited", subjectType: "product", subject: "1001" },
        3000,
      );
      expect(await allActivity(database.db)).toHaveLength(3);
    },
  );

  it("still takes new entries, after the ones written before", async () => {
    await recordActivity(
      database.db,
      owner,
      { action: "product.edited", subjectType: "product", subject: "1001", after: { stock: 4 } },
      3000,
    );
    const entries = await allActivity(database.db);
    expect(entries.slice(0, 2)).toEqual(written);
    expect(entries[2]).toMatchObject({ action: "product.edited", subject: "1001", after: '{"stock":4}' });
    expect(entries[2]!.id).toBeGreaterThan(written[1]!.id);
  });
});
