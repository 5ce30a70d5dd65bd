import { type ColumnDefinitionBuilder, type Kysely, SqliteAdapter } from "kysely";

export type Engine = "sqlite" | "postgres";

export function isSqlite<T>(db: Kysely<T>) {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** An integer primary key the database numbers itself, on either engine. */
export function identityColumn(db: Kysely<unknown>) {
  return (col: ColumnDefinitionBuilder) =>
    isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
}
