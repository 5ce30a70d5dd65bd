import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateToLatest, openDatabase, sqliteFileIn } from "~/.server/db";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated, empty SQLite database that every suite copies instead of migrating its own. */
    sqliteTemplate?: string;
  }
}

/** Migrates one SQLite file for the whole run (on PostgreSQL each suite still migrates its own schema). */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-template-"));
  const { db } = openDatabase({ dataDir });
  await migrateToLatest(db);
  await db.destroy();
  project.provide("sqliteTemplate", sqliteFileIn(dataDir));
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
