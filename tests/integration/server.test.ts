import { afterEach, describe, expect, it } from "vitest";
import { COMPILED_SERVER } from "../../scripts/server-command";
import { runScript } from "../helpers/run-script";
import { startServerProcess } from "../helpers/server-process";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-database";

describe(`the server process on ${testEngine}`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it("starts on an empty database with the demo catalog, answers /healthz, and stops cleanly on SIGTERM", async () => {
    database = await createTestDatabase({ migrate: false });
    const server = await startServerProcess(database.env);
    expect(server.output()).toContain(`database: ${testEngine === "sqlite" ? "SQLite" : "PostgreSQL"}`);
    expect(server.output()).toContain("payments: test gateway");

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });

    const catalog = (await (await fetch(`${server.url}/api/catalog`)).json()) as { title: string }[];
    expect(catalog.map((category) => category.title)).toEqual(["Wax", "Seasonal", "Jelly", "Woodwick"]);

    expect(await server.stop()).toBe(0);
  });

  it("shows 'Unexpected Application Error!' without internals when the database fails", async () => {
    database = await createTestDatabase({ migrate: false });
    const server = await startServerProcess(database.env);
    // PostgreSQL drops the variants' foreign key with it; SQLite has no CASCADE and needs none.
    const products = database.db.schema.dropTable("products");
    await (testEngine === "postgres" ? products.cascade() : products).execute();

    const response = await fetch(`${server.url}/shop`);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("Unexpected Application Error!");
    expect(html).not.toMatch(/products|no such table|does not exist|at async|\.ts:\d+/);
    expect(await server.stop()).toBe(0);
  });

  it("refuses to start with a bad setting, naming the variable in one line", async () => {
    const result = await runScript(COMPILED_SERVER, [], { PORT: "shop" });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Cannot start: Invalid PORT: [^\n]+$/);

    const partial = await runScript(COMPILED_SERVER, [], { STRIPE_SECRET_KEY: "sk_test_123" });
    expect(partial.code).toBe(1);
    expect(partial.stderr.trim()).toBe(
      "Cannot start: Stripe is partly configured: missing STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET",
    );
  });
});
