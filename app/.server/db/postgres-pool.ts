import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type pg from "pg";
import { statementNameOf } from "./template";
import { isDatabaseUnavailable } from "./unavailable";

/**
 * The pg pool as Kysely's dialect takes it, with one difference: a client
 * whose query failed because its connection was lost goes back to the pool as
 * broken, and is closed, instead of being handed to the next request. (A
 * backend terminated mid-query answers with an error before its socket
 * closes; released in between, the dead client looked healthy to the pool,
 * and the next request on it failed as well.) And the SQL of a query
 * template (template.ts) runs as a named statement.
 */
export function discardingLostConnections(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      let lost: Error | undefined;
      const query = async <R>(sql: string, parameters: ReadonlyArray<unknown>) => {
        try {
          const values = [...parameters];
          const name = statementNameOf(sql);
          return (await (name
            ? client.query({ name, text: sql, values })
            : client.query(sql, values))) as unknown as PostgresQueryResult<R>;
        } catch (error) {
          if (isDatabaseUnavailable(error)) lost = error as Error;
          throw error;
        }
      };
      return { query, release: () => client.release(lost) } as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
