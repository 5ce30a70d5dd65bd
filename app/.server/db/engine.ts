import { type Kysely, SqliteAdapter } from "kysely";

export type Engine = "sqlite" | "postgres";

export function isSqlite(db: Kysely<unknown>) {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}
