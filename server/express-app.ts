import type { IncomingMessage } from "node:http";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { Config } from "~/.server/config";
import type { ShopContext } from "~/.server/load-context";
import type { Logger } from "~/.server/logger";
import { serveHealth } from "./healthz";
import { sameOriginOnly } from "./origin-check";
import type { PageCache } from "./page-cache";
import { createRequestHandler } from "./react-router-handler";
import { serveCheckout } from "./checkout-route";
import { answerQuote } from "./quote-answer";
import { servePhotos } from "./photos";
import { limitRequestBodies } from "./request-limits";
import { securityHeaders } from "./security-headers";
import { keepSessionsOutOfSharedCaches } from "./shared-caches";

/**
 * Order numbers stay out of the request logs: with its token, a number opens
 * an order (orders/access.ts). So does the token of /healthz?detail.
 */
const loggedUrl = (url: string) =>
  url.replace(/^\/api\/orders\/[^/?]+/, "/api/orders/{number}").replace(/([?&]token=)[^&]*/, "$1{token}");

/**
 * Says once, loudly, when X-Forwarded-For comes from a peer the shop does not
 * trust: a proxy the setting does not name, whose clients then all count as
 * one address against the abuse limits.
 */
function warnOfUntrustedProxy(logger: Logger): express.RequestHandler {
  let warned = false;
  return (req, _res, next) => {
    const peer = req.socket.remoteAddress;
    if (!warned && req.headers["x-forwarded-for"] !== undefined && peer && !req.app.get("trust proxy fn")(peer, 0)) {
      warned = true;
      logger.warn(
        { peer },
        "X-Forwarded-For came from a proxy TRUST_PROXY does not name: every client behind it counts as one address. Set TRUST_PROXY to that proxy's address or to the number of proxies in front of the shop.",
      );
    }
    next();
  };
}

export interface ExpressAppOptions {
  config: Config;
  build: ServerBuild | (() => Promise<ServerBuild>);
  assets: express.RequestHandler;
  pageCache?: PageCache;
  /** The client's address, after TRUST_PROXY (client-address.ts). */
  clientOf: (req: IncomingMessage) => string;
  /** What every loader and action gets, but for the parts that belong to one request. */
  services: Omit<ShopContext, "clientIp" | "cspNonce">;
}

/** Every request the page cache does not answer: headers, logs, compression, assets, checks, then React Router. */
export function createExpressApp({ config, build, assets, pageCache, clientOf, services }: ExpressAppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy, the client's address (rate limits) comes from X-Forwarded-For; otherwise never.
  app.set("trust proxy", config.trustProxy);
  app.use(warnOfUntrustedProxy(services.logger));
  app.use(securityHeaders(config));
  app.use(
    pinoHttp({
      logger: services.logger,
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: loggedUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      // Who asked: tells one abusive client from many shoppers, and goes with a refused sign-in's line.
      customProps: (req) => ({ client: clientOf(req) }),
    }),
  );
  const compress = compression();
  // A checkout's answer is a short JSON (about 1 KB): compressing it gains nothing, and setting up costs a checkout 5%.
  app.use((req, res, next) =>
    req.path === "/api/checkout" || req.path === "/api/checkout/quote" ? next() : compress(req, res, next),
  );
  app.get("/healthz", serveHealth(services.db, config.dataDir));
  app.use(assets);
  app.get("/photos/:file", servePhotos(services.db));
  app.use(sameOriginOnly(config.publicUrl));
  app.use(limitRequestBodies);
  // The back office is never indexed, whatever link a search engine finds to it.
  app.use("/admin", (_req, res, next) => {
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    next();
  });
  // Only what React Router answers can depend on the session: assets keep their long caching.
  app.use(keepSessionsOutOfSharedCaches);
  const contextOf = (req: express.Request, res: express.Response) => ({
    ...services,
    clientIp: clientOf(req),
    cspNonce: res.locals.cspNonce as string,
  });
  app.post("/api/checkout", serveCheckout(contextOf, services.logger));
  // The panel asks for a quote on each change of the address or the method: it shares the checkout's fast path.
  app.post("/api/checkout/quote", serveCheckout(contextOf, services.logger, answerQuote));
  if (pageCache) app.use(pageCache.capture);
  app.use(
    createRequestHandler({
      build,
      mode: config.mode === "development" ? "development" : "production",
      getLoadContext: contextOf,
    }),
  );
  return app;
}
