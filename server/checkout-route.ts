import type express from "express";
import type { ShopContext } from "~/.server/load-context";
import type { Logger } from "~/.server/logger";
import { answerCheckout } from "~/.server/orders/checkout-answer";
import { answeringDatabaseOutages } from "./database-outage";

/** Node's request headers as a web Headers, repeated ones kept. */
function headersOf(req: express.Request): Headers {
  const headers = new Headers();
  for (let index = 0; index < req.rawHeaders.length; index += 2) headers.append(req.rawHeaders[index]!, req.rawHeaders[index + 1]!);
  return headers;
}

/**
 * POST /api/checkout, answered by Express after the same middleware as every
 * request (headers, logs, origin check, body limits) but in front of React
 * Router: the answer is the one the route would give, without the router's
 * conversion of the request to a web Request with a stream, its matching,
 * and the streaming of the answer back (a fifth of a checkout's time in a
 * profile; docs/decisions/005-lean-process.md).
 */
export function serveCheckout(contextOf: (req: express.Request, res: express.Response) => ShopContext, logger: Logger): express.RequestHandler {
  const answer = answeringDatabaseOutages(answerCheckout, logger);
  return async (req, res, next) => {
    try {
      const context = contextOf(req, res);
      const request = new Request(new URL(req.originalUrl, "http://shop.invalid"), {
        method: "POST",
        headers: headersOf(req),
        // Node's request is an async iterable of its body's chunks, which undici streams from.
        body: req as unknown as AsyncIterable<Uint8Array>,
        duplex: "half",
      } as unknown as RequestInit);
      await send(res, await answer(request, context));
    } catch (error) {
      // A database out of reach is a 503 (a thrown answer), as from any route; anything else, React Router's 500.
      if (error instanceof Response) return send(res, error).catch(next);
      logger.error(error, "Checkout failed");
      if (!res.headersSent) res.status(500).type("text/plain").send("Unexpected Server Error");
    }
  };
}

async function send(res: express.Response, answer: Response) {
  res.status(answer.status);
  answer.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await answer.arrayBuffer()));
}
