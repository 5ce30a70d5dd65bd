import { type ColumnDefinitionBuilder, type Kysely, SqliteAdapter } from "kysely";

export type Engine = "sqlite" | "postgres";

/** Whether `db` (the database, or a transaction on it) is SQLite. */
export function isSqlite(db: Pick<Kysely<never>, "getExecutor">) {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** Whether a statement's WITH may write (PostgreSQL's data-modifying CTEs): one statement can insert rows and rows that refer to them. */
export const insertsInWith = (db: Pick<Kysely<never>, "getExecutor">) => !isSqlite(db);

/** An integer primary key the database numbers itself, on either engine. */
export function identityColumn(db: Kysely<unknown>) {
  return (col: ColumnDefinitionBuilder) =>
    isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
}
