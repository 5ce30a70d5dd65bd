import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import { isSqlite } from "../engine";

/**
 * better-auth's tables (user, session, account, verification) as its Kysely
 * adapter expects them on each engine, plus a settings table for secrets the
 * shop generates itself (one value for every process sharing the database).
 */
export async function up(db: Kysely<unknown>) {
  const sqlite = isSqlite(db);
  const timestamp = sqlite ? "date" : "timestamptz";
  const now = sqlite ? undefined : sql`CURRENT_TIMESTAMP`;
  const created = (col: ColumnDefinitionBuilder) => (now ? col.notNull().defaultTo(now) : col.notNull());

  await db.schema
    .createTable("user")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("emailVerified", sqlite ? "integer" : "boolean", (col) => col.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", timestamp, created)
    .addColumn("updatedAt", timestamp, created)
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("expiresAt", timestamp, (col) => col.notNull())
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("createdAt", timestamp, created)
    .addColumn("updatedAt", timestamp, (col) => col.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("accountId", "text", (col) => col.notNull())
    .addColumn("providerId", "text", (col) => col.notNull())
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", timestamp)
    .addColumn("refreshTokenExpiresAt", timestamp)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", timestamp, created)
    .addColumn("updatedAt", timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("identifier", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("expiresAt", timestamp, (col) => col.notNull())
    .addColumn("createdAt", timestamp, created)
    .addColumn("updatedAt", timestamp, created)
    .execute();

  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();
  await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of ["settings", "verification", "account", "session", "user"]) {
    await db.schema.dropTable(table).execute();
  }
}
