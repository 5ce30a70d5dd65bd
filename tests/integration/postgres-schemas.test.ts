import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/.server/db";
import { migrations } from "~/.server/db/migrations";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

/**
 * A PostgreSQL database may hold several schemas (one shop per schema via
 * search_path, or one test suite per schema as tests/helpers/test-database.ts
 * does). Each must migrate on its own.
 */
describe.skipIf(testEngine !== "postgres")("migrations in one PostgreSQL schema among several", () => {
  const databases: TestDatabase[] = [];
  afterEach(async () => {
    for (const database of databases.splice(0)) await database.cleanup();
  });

  it("migrateToLatest builds a fresh schema while another schema of the database is already migrated", async () => {
    databases.push(await createTestDatabase());
    const fresh = await createTestDatabase({ migrate: false });
    databases.push(fresh);

    await expect(migrateToLatest(fresh.db)).resolves.toEqual(Object.keys(migrations));
    const tables = (await fresh.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(["products", "orders"]));
  });
});
