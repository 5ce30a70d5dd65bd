import { type Kysely, sql } from "kysely";
import { isSqlite } from "../engine";

/**
 * better-auth's twoFactor plugin: whether an account signs in with a code
 * from an authenticator app (TOTP), and its secret and backup codes, both
 * encrypted by better-auth with the shop's secret.
 */
export async function up(db: Kysely<unknown>) {
  const sqlite = isSqlite(db);
  const bool = sqlite ? "integer" : "boolean";
  const no = sqlite ? 0 : sql`false`;
  await db.schema
    .alterTable("user")
    .addColumn("twoFactorEnabled", bool, (col) => col.notNull().defaultTo(no))
    .execute();
  await db.schema
    .createTable("twoFactor")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("secret", "text", (col) => col.notNull())
    .addColumn("backupCodes", "text", (col) => col.notNull())
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("verified", bool, (col) => col.notNull().defaultTo(sqlite ? 1 : sql`true`))
    .addColumn("failedVerificationCount", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("lockedUntil", sqlite ? "date" : "timestamptz")
    .execute();
  await db.schema.createIndex("twoFactor_userId_idx").on("twoFactor").column("userId").execute();
  await db.schema.createIndex("twoFactor_secret_idx").on("twoFactor").column("secret").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("twoFactor").execute();
  await db.schema.alterTable("user").dropColumn("twoFactorEnabled").execute();
}
