import type express from "express";
import type { JsonAnswer, JsonRequest } from "~/.server/json-api";
import type { ShopContext } from "~/.server/load-context";
import type { Logger } from "~/.server/logger";
import { answerCheckout } from "./checkout-answer";
import { answeringDatabaseOutages } from "./database-outage";

/** Node's request headers as a web Headers, repeated ones kept. */
function headersOf(req: express.Request): Headers {
  const headers = new Headers();
  for (let index = 0; index < req.rawHeaders.length; index += 2)
    headers.append(req.rawHeaders[index]!, req.rawHeaders[index + 1]!);
  return headers;
}

/**
 * POST /api/checkout (and its quote, answerOf: quote-answer.ts), answered by Express after the same middleware as every
 * request (headers, logs, origin check, body limits) but in front of React
 * Router: the answer is the one the route would give, read from Node's
 * request and written to Node's response without web Request and Response
 * objects and their streams (docs/decisions/005-lean-process.md).
 */
export function serveCheckout(
  contextOf: (req: express.Request, res: express.Response) => ShopContext,
  logger: Logger,
  answerOf: (request: JsonRequest, context: ShopContext) => Promise<JsonAnswer> = answerCheckout,
): express.RequestHandler {
  const answer = answeringDatabaseOutages(answerOf, logger);
  return async (req, res, next) => {
    try {
      // Node's request is an async iterable of its body's chunks.
      send(res, await answer({ headers: headersOf(req), body: req }, contextOf(req, res)));
    } catch (error) {
      // A database out of reach is a 503 (a thrown answer), as from any route; anything else, React Router's 500.
      if (error instanceof Response) return sendResponse(res, error).catch(next);
      logger.error(error, "Checkout failed");
      if (!res.headersSent) res.status(500).type("text/plain").send("Unexpected Server Error");
    }
  };
}

function send(res: express.Response, { status, headers, body }: JsonAnswer) {
  write(res, status, Object.entries({ ...headers, "Content-Type": "application/json" }), JSON.stringify(body));
}

async function sendResponse(res: express.Response, answer: Response) {
  write(res, answer.status, answer.headers.entries(), Buffer.from(await answer.arrayBuffer()));
}

/** Set one by one, the headers are written by the implicit writeHead the middleware before watches (shared-caches.ts). */
function write(res: express.Response, status: number, headers: Iterable<[string, string]>, body: string | Buffer) {
  res.statusCode = status;
  for (const [name, value] of headers) res.setHeader(name, value);
  res.end(body);
}
