import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { sql } from "kysely";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { Config } from "~/.server/config";
import type { ShopContext } from "~/.server/load-context";
import { sameOriginOnly } from "./origin-check";
import type { PageCache } from "./page-cache";
import { limitRequestBodies } from "./request-limits";
import { securityHeaders } from "./security-headers";

/** Order numbers stay out of the request logs: with its token, a number opens an order (orders/access.ts). */
const loggedUrl = (url: string) => url.replace(/^\/api\/orders\/[^/?]+/, "/api/orders/{number}");

export interface ExpressAppOptions {
  config: Config;
  build: ServerBuild | (() => Promise<ServerBuild>);
  assets: express.RequestHandler;
  pageCache?: PageCache;
  /** What every loader and action gets, but for the parts that belong to one request. */
  services: Omit<ShopContext, "clientIp" | "cspNonce">;
}

/** Every request the page cache does not answer: headers, logs, compression, assets, checks, then React Router. */
export function createExpressApp({ config, build, assets, pageCache, services }: ExpressAppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy, the client's address (rate limits) comes from X-Forwarded-For; otherwise never.
  app.set("trust proxy", config.trustProxy);
  app.use(securityHeaders(config));
  app.use(
    pinoHttp({
      logger: services.logger,
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: loggedUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(compression());
  app.get("/healthz", async (_req, res) => {
    try {
      await sql`select 1`.execute(services.db);
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
        ...services,
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        cspNonce: res.locals.cspNonce as string,
      }),
    }),
  );
  return app;
}
