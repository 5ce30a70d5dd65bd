import { afterEach, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

const LOADED = "Loaded the demo catalog";

describe(`the demo catalog on a new shop's first start, on ${testEngine}`, () => {
  let database: TestDatabase | undefined;
  let servers: ServerProcess[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    servers = [];
    await database?.cleanup();
    database = undefined;
  });

  it("is loaded by one of two processes starting together, and only that one says so", async () => {
    database = await createTestDatabase();
    const env = { ...database.env, LOG_LEVEL: "info" };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    const saying = servers.filter((server) => server.output().includes(LOADED));
    expect(saying).toHaveLength(1);
    const products = await database.db.selectFrom("products").select(["id", "demo"]).execute();
    expect(products).toHaveLength(22);
    expect(products.every((product) => product.demo === 1)).toBe(true);
  });

  it("is not loaded again once the owner has emptied the catalog", async () => {
    database = await createTestDatabase();
    const env = { ...database.env, LOG_LEVEL: "info" };
    servers = [await startServerProcess(env)];
    expect(servers[0]!.output()).toContain(LOADED);
    await servers[0]!.stop();
    await database.db.deleteFrom("variants").execute();
    await database.db.deleteFrom("products").execute();
    await database.db.deleteFrom("categories").execute();
    servers = [await startServerProcess(env)];
    expect(servers[0]!.output()).not.toContain(LOADED);
    expect(await database.db.selectFrom("categories").select("id").execute()).toEqual([]);
  });
});
