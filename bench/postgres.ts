import { randomBytes } from "node:crypto";
import pg from "pg";

export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432";

/** The server's own maintenance database: where a database is created and dropped from. */
function adminUrl(serverUrl: string) {
  const url = new URL(serverUrl);
  url.pathname = "/postgres";
  return url.toString();
}

async function administer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface BenchDatabase {
  url: string;
  /** The same database seen through its own schema: the limit's copy of the tables. */
  schemaUrl: (schema: string) => Promise<string>;
  drop: () => Promise<void>;
}

/** A database of the bench's own on the server `serverUrl` names (any database in it is ignored). */
export async function createBenchDatabase(serverUrl: string, label: string): Promise<BenchDatabase> {
  const name = `wickshop_bench_${label}_${randomBytes(4).toString("hex")}`;
  await administer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  url.search = "";
  return {
    url: url.toString(),
    schemaUrl: async (schema) => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await client.query(`create schema ${schema}`);
      } finally {
        await client.end();
      }
      const schemaUrl = new URL(url);
      schemaUrl.searchParams.set("options", `-c search_path=${schema}`);
      return schemaUrl.toString();
    },
    drop: () => administer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
