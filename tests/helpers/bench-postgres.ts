import { testPostgresUrl } from "./test-database";

/** The bench makes its own databases on a PostgreSQL server: the tests' one when they name it. */
export function benchPostgresServer(): string | undefined {
  if (!testPostgresUrl) return undefined;
  const url = new URL(testPostgresUrl);
  url.pathname = "/";
  url.search = "";
  return url.toString();
}
