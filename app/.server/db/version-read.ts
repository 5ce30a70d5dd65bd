import SQLite from "better-sqlite3";
import type { DatabaseHandle } from ".";

/** A version counter's read: a query answering one number, and the name PostgreSQL prepares it under. */
export interface VersionQuery {
  name: string;
  text: string;
}

/**
 * A version read on the hot path (the page cache's catalog version on every
 * cacheable request, the pricing version on every quote and checkout), so
 * skipping Kysely: on SQLite a prepared statement on its own read-only
 * connection (the shop's connection may be inside a transaction that has
 * bumped the version but not committed, and a read there would wait its
 * turn behind the checkouts); on PostgreSQL a named prepared statement.
 */
export function openVersionRead(
  handle: DatabaseHandle,
  query: VersionQuery,
): { read: () => Promise<number>; close: () => void } {
  if (handle.sqliteFile) {
    const connection = new SQLite(handle.sqliteFile, { readonly: true, fileMustExist: true });
    connection.pragma("busy_timeout = 5000");
    const statement = connection.prepare<[], number>(query.text).pluck();
    return { read: async () => Number(statement.get() ?? 0), close: () => connection.close() };
  }
  const pool = handle.pool;
  if (!pool) throw new Error(`the ${query.name} read needs the SQLite file or the pg pool`);
  return {
    read: async () => {
      const result = await pool.query<{ version: string }>({ name: query.name, text: query.text });
      return Number(result.rows[0]?.version ?? 0);
    },
    close: () => {},
  };
}
