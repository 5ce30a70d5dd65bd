import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/.server/db";
import { migrations } from "~/.server/db/migrations";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

/** Rounds of the race below, each with schemas dropped while the shop migrates: bounded in count. */
const RACE_ROUNDS = 10;
/** Schemas dropped in each round. */
const SCHEMAS_DROPPED = 4;

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

  it("introspects only its own schema: the migrator's start reads no other schema's tables", async () => {
    const other = await createTestDatabase();
    databases.push(other);
    const own = await createTestDatabase({ migrate: false });
    databases.push(own);
    await own.db.schema
      .createTable("only_here")
      .addColumn("id", "serial", (column) => column.primaryKey())
      .execute();

    const [schema] = await own.db.introspection.getSchemas();
    expect(await own.db.introspection.getSchemas()).toHaveLength(1);
    const tables = await own.db.introspection.getTables();
    expect(tables.map(({ name, schema: tableSchema }) => ({ name, tableSchema }))).toEqual([
      { name: "only_here", tableSchema: schema!.name },
    ]);
    expect(tables[0]!.columns).toEqual([
      expect.objectContaining({ name: "id", dataType: "int4", isNullable: false, isAutoIncrementing: true }),
    ]);
  });

  it("migrates while other schemas of the database are dropped meanwhile, as test suites and shops beside it do", async () => {
    const shop = await createTestDatabase();
    databases.push(shop);
    // Kysely's own introspection, as the migrator used it: it reads every schema and looks each up again by name.
    const everySchema = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: shop.env.DATABASE_URL, max: 1 }) }),
    });
    const failures = { ours: [] as string[], kysely: [] as string[] };
    try {
      for (let round = 0; round < RACE_ROUNDS; round++) {
        const doomed = await Promise.all(Array.from({ length: SCHEMAS_DROPPED }, () => createTestDatabase()));
        const settled = await Promise.allSettled([
          migrateToLatest(shop.db),
          everySchema.introspection.getTables({ withInternalKyselyTables: true }),
          ...doomed.map((database) => database.cleanup()),
        ]);
        const [ours, kysely] = settled;
        if (ours!.status === "rejected") failures.ours.push(String(ours!.reason));
        if (kysely!.status === "rejected") failures.kysely.push(String(kysely!.reason));
      }
    } finally {
      await everySchema.destroy();
    }
    expect(failures.ours).toEqual([]);
    console.log(`Kysely's own introspection failed ${failures.kysely.length} of ${RACE_ROUNDS} rounds`);
  });
});
