import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateToLatest, openDatabase, sqliteFileIn } from "~/.server/db";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated, empty SQLite database that every suite copies instead of migrating its own. */
    sqliteTemplate?: string;
    /**
     * On PostgreSQL, a migrated, empty schema as SQL (pg_dump's): every suite
     * runs it with `schema` replaced by its own, instead of migrating its own.
     */
    postgresTemplate?: { sql: string; schema: string };
  }
}

/**
 * Migrates once per run, not once per suite: on SQLite one file that suites
 * copy; on PostgreSQL one schema, dumped as SQL that suites replay under
 * their own schema's name (tests/helpers/test-database.ts). Migrating took
 * 0.6-0.9 s a suite on PostgreSQL.
 */
export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const schema = `wickshop_template_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query(`create schema ${schema}`);
      const url = new URL(postgresUrl);
      url.searchParams.set("options", `-c search_path=${schema}`);
      const { db } = openDatabase({ dataDir: os.tmpdir(), databaseUrl: url.toString() });
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
      // The migrated schema and its rows (the migrations' own table) as statements a pg client can send at once.
      const dump = execFileSync(
        "pg_dump",
        ["--inserts", `--schema=${schema}`, "--no-owner", "--no-privileges", postgresUrl],
        { encoding: "utf8", maxBuffer: 64 << 20 },
      );
      // Without psql's own commands (\restrict, \unrestrict), which only psql understands.
      const sql = dump
        .split("\n")
        .filter((line) => !line.startsWith("\\"))
        .join("\n");
      project.provide("postgresTemplate", { sql, schema });
    } finally {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-template-"));
  const { db } = openDatabase({ dataDir });
  await migrateToLatest(db);
  await db.destroy();
  project.provide("sqliteTemplate", sqliteFileIn(dataDir));
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
