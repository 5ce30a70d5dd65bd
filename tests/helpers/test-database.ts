import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { type Db, migrateToLatest, openDatabase, sqliteFileIn } from "~/.server/db";

/**
 * Integration tests run on SQLite by default and on PostgreSQL when
 * TEST_DATABASE_URL names a database: each suite then gets its own schema
 * there, dropped afterwards.
 */
export const testPostgresUrl = process.env.TEST_DATABASE_URL;
export const testEngine = testPostgresUrl ? "postgres" : "sqlite";

export interface TestDatabase {
  db: Db;
  /** Environment that points a server or CLI process at this same database. */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  /**
   * On PostgreSQL, the application_name of the connections that processes
   * started with `env` open (not the test's own `db`): what fault tests look for in pg_stat_activity.
   */
  processApplicationName?: string;
  cleanup: () => Promise<void>;
}

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-test-"));
  let databaseUrl: string | undefined;
  let processUrl: string | undefined;
  let processApplicationName: string | undefined;
  let dropSchema = async () => {};
  // A suite starts from the run's migrated template (tests/setup/database-template.ts): on SQLite a copy of its file.
  const postgresTemplate = options.migrate === false ? undefined : inject("postgresTemplate");
  let fromTemplate = false;
  if (testPostgresUrl) {
    const schema = `suite_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: testPostgresUrl });
    await admin.connect();
    try {
      if (postgresTemplate) {
        // On PostgreSQL, the template schema's dump replayed under this suite's schema name, in one transaction.
        const replay = postgresTemplate.sql.replaceAll(postgresTemplate.schema, schema);
        await admin.query(`begin;\n${replay}\ncommit;`);
        fromTemplate = true;
      } else {
        await admin.query(`create schema ${schema}`);
      }
    } finally {
      await admin.end();
    }
    const url = new URL(testPostgresUrl);
    url.searchParams.set("options", `-c search_path=${schema}`);
    url.searchParams.set("application_name", `${schema}_test`);
    databaseUrl = url.toString();
    processApplicationName = `${schema}_process`;
    url.searchParams.set("application_name", processApplicationName);
    processUrl = url.toString();
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: testPostgresUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    };
  }
  const template = databaseUrl || options.migrate === false ? undefined : inject("sqliteTemplate");
  if (template) {
    fs.copyFileSync(template, sqliteFileIn(dataDir));
    fromTemplate = true;
  }
  const { db } = openDatabase({ dataDir, databaseUrl });
  const cleanup = async () => {
    await db.destroy();
    await dropSchema();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (options.migrate !== false && !fromTemplate) await migrateToLatest(db);
  } catch (error) {
    await cleanup();
    throw error;
  }
  return {
    db,
    env: processUrl ? { DATA_DIR: dataDir, DATABASE_URL: processUrl } : { DATA_DIR: dataDir },
    processApplicationName,
    cleanup,
  };
}
