import type { ServerBuild } from "react-router";
import { isDatabaseUnavailable } from "~/.server/db/unavailable";
import { serviceUnavailable } from "~/.server/json-api";
import type { Logger } from "~/.server/logger";

/**
 * `handler`, answering a database out of reach (see isDatabaseUnavailable)
 * with a thrown 503 and Retry-After, DESIGN.md's JSON error; any other error
 * goes on as it was.
 */
export function answeringDatabaseOutages<Args extends unknown[], Result>(
  handler: (...args: Args) => Result,
  logger: Logger,
) {
  return async (...args: Args): Promise<Awaited<Result>> => {
    try {
      return await handler(...args);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      logger.warn(
        { error: error instanceof Error ? error.message : String(error) },
        "The database is out of reach; answered 503",
      );
      throw serviceUnavailable();
    }
  };
}

/**
 * The build with every route's loader and action answering a database out
 * of reach with a thrown 503 (answeringDatabaseOutages): a resource route
 * answers it as DESIGN.md's JSON error, a page shows the error
 * boundary's "back in a moment" view with that status. Any other error goes
 * on to React Router's 500.
 *
 * It is done here, once, because React Router turns a loader's error into a
 * rendered 500 before any middleware or entry hook could change it (a root
 * middleware's `next()` resolves with that page); wrapping the route modules
 * as the build loads means a new route cannot forget it.
 */
export function answerDatabaseOutages(build: ServerBuild, logger: Logger): ServerBuild {
  const guard = <Handler extends (args: never) => unknown>(handler: Handler | undefined) =>
    handler && (answeringDatabaseOutages(handler, logger) as unknown as Handler);
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => [
      id,
      route && {
        ...route,
        module: { ...route.module, loader: guard(route.module.loader), action: guard(route.module.action) },
      },
    ]),
  );
  return { ...build, routes };
}
