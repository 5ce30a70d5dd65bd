import { describe, expect, it } from "vitest";
import { libpqEnvironment } from "~/.server/db/pg-backup";

describe("libpqEnvironment", () => {
  it("passes DATABASE_URL to pg_dump as libpq's variables, the password among them, not on its command line", () => {
    const env = libpqEnvironment(
      "postgres://shop%40owner:p%40ss%2Fword@db.example.net:6543/wick%20shop?options=-c%20search_path%3Dwickshop&sslmode=require",
    );
    expect(env).toMatchObject({
      PGHOST: "db.example.net",
      PGPORT: "6543",
      PGUSER: "shop@owner",
      PGPASSWORD: "p@ss/word",
      PGDATABASE: "wick shop",
      PGOPTIONS: "-c search_path=wickshop",
      PGSSLMODE: "require",
    });
  });

  it("reads a socket folder given as ?host=, an IPv6 address without its brackets, and leaves unset what the URL does not say", () => {
    expect(libpqEnvironment("postgres:///wickshop?host=/var/run/postgresql")).toMatchObject({
      PGHOST: "/var/run/postgresql",
      PGDATABASE: "wickshop",
    });
    const env = libpqEnvironment("postgres://[::1]/wickshop");
    expect(env.PGHOST).toBe("::1");
    expect(
      Object.keys(env)
        .filter((name) => name.startsWith("PG"))
        .sort(),
    ).toEqual(["PGDATABASE", "PGHOST"]);
  });

  it("keeps the shop's own PG* variables out: only the URL says where to connect", () => {
    process.env.PGPASSWORD = "from-the-shell";
    try {
      expect(libpqEnvironment("postgres://shop@localhost/wickshop").PGPASSWORD).toBeUndefined();
    } finally {
      delete process.env.PGPASSWORD;
    }
  });
});
