// First: the production builds of React and Express load only if NODE_ENV says so before they do.
import "./server/node-env";
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { sql } from "kysely";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import { createAuth, loadAuthSecret } from "~/.server/accounts/auth";
import { openCatalogVersionReader } from "~/.server/catalog/version";
import { type Config, ConfigError, loadConfig, mailMode, paymentMode } from "~/.server/config";
import { migrateToLatest, openDatabase } from "~/.server/db";
import { seedDemoCatalog } from "~/.server/catalog/demo";
import { startJobs } from "~/.server/jobs";
import { createLogger } from "~/.server/logger";
import { createMailTransport } from "~/.server/mail/transports";
import { createOrderAccess } from "~/.server/orders/access";
import { sameOriginOnly } from "./server/origin-check";
import { createPageCache } from "./server/page-cache";
import { precompressedAssets, typeOfEncodedTwin } from "./server/precompressed-assets";
import { limitRequestBodies } from "./server/request-limits";
import { securityHeaders } from "./server/security-headers";
import { createStripeProvider } from "~/.server/orders/payments/stripe";
import { testGateway } from "~/.server/orders/payments/test-gateway";

const root = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.join(root, "build/client");
/** Give in-flight requests this long to finish on SIGTERM/SIGINT before exiting anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function loadBuild(mode: Config["mode"]) {
  if (mode !== "development") {
    const build = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild;
    const assets = express.Router().use(precompressedAssets(clientDir), express.static(clientDir, { index: false, setHeaders: cacheHeaders }));
    return { build, assets, close: async () => {} };
  }
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  return {
    build: () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    assets: devServer.middlewares,
    close: () => devServer.close(),
  };
}

/**
 * Graceful shutdown for keep-alive clients: once draining, every response
 * ends its connection (`Connection: close` when its headers are still to be
 * written), so no client holds the process open or sends more requests to it.
 */
function connectionDrainer() {
  const answering = new Set<http.ServerResponse>();
  let server: http.Server | undefined;
  /** Called first for every request, before the page cache and Express. */
  const track = (res: http.ServerResponse) => {
    answering.add(res);
    res.once("close", () => {
      answering.delete(res);
      server?.closeIdleConnections();
    });
    if (server) res.setHeader("Connection", "close");
  };
  const drain = (listening: http.Server) => {
    server = listening;
    for (const res of answering) if (!res.headersSent) res.setHeader("Connection", "close");
    server.closeIdleConnections();
  };
  return { track, drain };
}

/** Hashed build assets never change; public files (images, icons) may, so they are kept for a day. */
function cacheHeaders(res: express.Response, file: string) {
  typeOfEncodedTwin(res, file);
  const immutable = file.startsWith(path.join(clientDir, "assets") + path.sep);
  res.setHeader("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=86400");
}

export async function startServer(config: Config) {
  const logger = createLogger(config);
  const database = openDatabase({
    ...config,
    onConnectionLost: (error) => logger.warn({ error: error.message }, "Lost a database connection; the next query opens a new one"),
  });
  await migrateToLatest(database.db);
  if (await seedDemoCatalog(database.db, path.join(root, "seed/catalog.json"))) {
    logger.info("Loaded the demo catalog into the empty database");
  }
  const { build, assets, close: closeBuild } = await loadBuild(config.mode);
  const payments = config.stripe ? createStripeProvider(config.stripe) : testGateway;
  const secret = await loadAuthSecret(database.db);
  const auth = createAuth({ db: database.db, engine: database.engine, config, secret });
  const orderAccess = createOrderAccess(secret);
  const jobs = startJobs({
    db: database.db,
    logger,
    payments,
    shopEmail: config.shopEmail,
    longestRateLimitWindowMs: config.longestRateLimitWindowMs,
    mail: { transport: createMailTransport(config), policy: config.mailRetry },
  });

  // Pages change under the dev server without the catalog changing: it renders every time.
  const versionReader = config.mode === "development" ? undefined : openCatalogVersionReader(database);
  const pageCache = versionReader && createPageCache({ readVersion: versionReader.read, logger });

  const app = express();
  const drainer = connectionDrainer();
  app.disable("x-powered-by");
  // Behind a proxy, the client's address (rate limits) comes from X-Forwarded-For; otherwise never.
  app.set("trust proxy", config.trustProxy);
  app.use(securityHeaders(config));
  app.use(
    pinoHttp({
      logger,
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(compression());
  app.get("/healthz", async (_req, res) => {
    try {
      await sql`select 1`.execute(database.db);
      res.json({ status: "ok" });
    } catch {
      res.status(503).json({ status: "unavailable" });
    }
  });
  app.use(assets);
  app.use(sameOriginOnly(config.publicUrl));
  app.use(limitRequestBodies);
  if (pageCache) app.use(pageCache.capture);
  app.use(
    createRequestHandler({
      build,
      mode: config.mode === "development" ? "development" : "production",
      getLoadContext: (req, res) => ({
        db: database.db,
        config,
        logger,
        payments,
        auth,
        orderAccess,
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        cspNonce: res.locals.cspNonce as string,
      }),
    }),
  );

  // Slow clients (slowloris) are cut off: headers within the timeout, the whole request within twice it.
  // A cached page is answered before Express sees the request (page-cache.ts says why).
  const server = http.createServer(
    {
      headersTimeout: config.slowClientTimeoutMs,
      requestTimeout: 2 * config.slowClientTimeoutMs,
      connectionsCheckingInterval: Math.min(config.slowClientTimeoutMs / 2, 30_000),
    },
    (req, res) => {
      drainer.track(res);
      if (!pageCache) return app(req, res);
      pageCache.serve(req, res, () => app(req, res)).catch((error: unknown) => {
        logger.error(error, "Answering from the page cache failed");
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    },
  );
  server.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => server.once("listening", resolve).once("error", reject));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      drainer.drain(server);
      const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await stopped;
      clearTimeout(timer);
      await jobs.stop();
      await closeBuild();
      versionReader?.close();
      await database.db.destroy();
    })());

  return { url, database, logger, close };
}

export async function main() {
  try {
    process.loadEnvFile(path.join(root, ".env"));
  } catch {
    // No .env file: the environment alone configures the shop.
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Cannot start: ${error.message}`);
    process.exit(1);
  }
  const shop = await startServer(config);
  console.log(
    [
      `Wickshop is open at ${shop.url}`,
      `  database: ${shop.database.description}`,
      `  payments: ${paymentMode(config)}`,
      `  email:    ${mailMode(config)}`,
    ].join("\n"),
  );

  const shutDown = (signal: string) => {
    shop.logger.info(`${signal} received, finishing in-flight requests`);
    shop.close().then(
      () => process.exit(0),
      (error: unknown) => {
        shop.logger.error(error, "Shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => shutDown("SIGTERM"));
  process.once("SIGINT", () => shutDown("SIGINT"));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
