import { type Kysely, sql } from "kysely";

/**
 * Rebuilds a SQLite table with an edited definition, as SQLite's
 * documentation says to change what ALTER TABLE cannot (a CHECK): foreign
 * keys off, the new table created from `edit(the old CREATE TABLE)`, the
 * rows copied, the old table dropped and the new one renamed, its indexes
 * and triggers created again, a foreign-key check, all in one transaction.
 * Run outside a transaction: `pragma foreign_keys` is ignored inside one.
 */
export async function rebuildSqliteTable(db: Kysely<unknown>, table: string, edit: (createTable: string) => string) {
  const { rows: schema } = await sql<{ type: string; sql: string }>`
    select type, sql from sqlite_master where tbl_name = ${table} and sql is not null`.execute(db);
  const createTable = schema.find((entry) => entry.type === "table")!.sql;
  const edited = edit(createTable);
  const quoted = `CREATE TABLE "${table}"`;
  if (!edited.startsWith(quoted)) throw new Error(`The ${table} table's definition does not start with ${quoted}`);
  const staging = `${table}_new`;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(`CREATE TABLE "${staging}"${edited.slice(quoted.length)}`).execute(trx);
      await sql`insert into ${sql.table(staging)} select * from ${sql.table(table)}`.execute(trx);
      await sql`drop table ${sql.table(table)}`.execute(trx);
      await sql`alter table ${sql.table(staging)} rename to ${sql.table(table)}`.execute(trx);
      for (const entry of schema.filter((entry) => entry.type === "index" || entry.type === "trigger"))
        await sql.raw(entry.sql).execute(trx);
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.length > 0) throw new Error(`Rebuilding ${table} broke ${broken.length} foreign keys`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
