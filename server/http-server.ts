import http from "node:http";
import net, { type AddressInfo } from "node:net";
import type { Config } from "~/.server/config";
import type { Logger } from "~/.server/logger";
import { connectionDrainer } from "./drain";
import type { PageCache } from "./page-cache";
import { readiness } from "./readiness";

/** Give in-flight requests this long to finish on SIGTERM/SIGINT before exiting anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The listening server: a cached page is answered before Express sees the
 * request (page-cache.ts), anything else goes to `app`. `stop` stops taking
 * connections and lets the requests under way finish, for a while. With a
 * stop delay (STOP_DELAY_SECONDS), it first says it is stopping on /readyz
 * and goes on answering for that long, so a load balancer that checks it
 * sends the next requests elsewhere before its port closes.
 */
export async function listen(options: {
  config: Config;
  logger: Logger;
  app: http.RequestListener;
  pageCache?: PageCache;
}) {
  const { config, logger, app, pageCache } = options;
  const drainer = connectionDrainer();
  const ready = readiness();
  // Slow clients (slowloris) are cut off: headers within the timeout, the whole request within twice it.
  const server = http.createServer(
    {
      headersTimeout: config.slowClientTimeoutMs,
      requestTimeout: 2 * config.slowClientTimeoutMs,
      connectionsCheckingInterval: Math.min(config.slowClientTimeoutMs / 2, 30_000),
    },
    (req, res) => {
      drainer.track(res);
      if (ready.answer(req, res)) return;
      if (!pageCache) return app(req, res);
      pageCache
        .serve(req, res, () => app(req, res))
        .catch((error: unknown) => {
          logger.error(error, "Answering from the page cache failed");
          if (!res.headersSent) res.writeHead(500);
          res.end();
        });
    },
  );
  if (config.listenFd === undefined) server.listen(config.port, config.host);
  else server.listen({ fd: config.listenFd });
  await new Promise<void>((resolve, reject) => server.once("listening", resolve).once("error", reject));
  const { address, port } = server.address() as AddressInfo;
  const host = config.listenFd === undefined ? config.host : net.isIPv6(address) ? `[${address}]` : address;

  const stop = async () => {
    if (config.stopDelayMs > 0) {
      ready.stop();
      await new Promise((resolve) => setTimeout(resolve, config.stopDelayMs));
    }
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    drainer.drain(server);
    const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await stopped;
    clearTimeout(timer);
  };
  return { url: `http://${host}:${port}`, stop };
}
