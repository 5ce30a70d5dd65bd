import { createReadableStreamFromReadable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { type AppLoadContext, createRequestHandler as createReactRouterHandler, type ServerBuild } from "react-router";

/**
 * Express's last handler: React Router answers, and its answer is written to
 * the response as it is read.
 *
 * This replaces `@react-router/express`, whose 7.x writer races every chunk
 * against one promise that settles only when the response ends, so V8 keeps
 * every chunk of a response until its last (react-router#15247; fixed in 8.x,
 * which needs Node 22). A page is a few kilobytes and never noticed it; a CSV
 * of 100,000 orders held its whole 64 MB. Here each chunk is written, the
 * writer waits for `drain` when the socket is full, and nothing outlives its
 * chunk.
 */
export function createRequestHandler({
  build,
  mode,
  getLoadContext,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
}) {
  const handle = createReactRouterHandler(build, mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const answer = await handle(fetchRequestOf(req, res), getLoadContext(req, res));
      await writeAnswer(answer, res);
    } catch (error) {
      if (!res.destroyed) next(error);
    }
  };
}

/** What the Host header may hold: a name or an address, and a port. Anything else is read as localhost. */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The Fetch request React Router reads: the URL as the client asked for it
 * (Express reads X-Forwarded-Proto and -Host only behind a trusted proxy),
 * aborted when the client goes away before its answer is complete.
 */
function fetchRequestOf(req: Request, res: Response): globalThis.Request {
  const host = HOST.test(req.host ?? "") ? req.host : "localhost";
  const aborted = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) aborted.abort();
  });
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: headersOf(req),
    signal: aborted.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new globalThis.Request(`${req.protocol}://${host}${req.originalUrl}`, init);
}

function headersOf(req: Request): Headers {
  const headers = new Headers();
  for (let index = 0; index < req.rawHeaders.length; index += 2)
    headers.append(req.rawHeaders[index]!, req.rawHeaders[index + 1]!);
  return headers;
}

/** Compression's `flush`: each chunk leaves when written, so a page streamed around a slow part shows its start at once. */
type Flushable = Response & { flush?: () => void };

/**
 * Writes React Router's answer. Headers are appended to what Express set
 * before (security headers, Vary), as the adapter did. A client that leaves
 * cancels the body, which tells its source (a CSV export stops reading).
 * One `drain` listener serves the whole answer: compression() hands a
 * response's `drain` listeners to its zlib stream but not their removal, so
 * a listener per wait would pile up there until the answer ends.
 */
export async function writeAnswer(answer: globalThis.Response, res: Flushable) {
  if (res.destroyed) return void (await answer.body?.cancel());
  res.statusMessage = answer.statusText;
  res.status(answer.status);
  for (const [name, value] of answer.headers) res.append(name, value);
  if (!answer.body) return void res.end();
  const reader = answer.body.getReader();
  let wake: (() => void) | undefined;
  const resume = () => {
    wake?.();
    wake = undefined;
  };
  const cancel = () => {
    resume();
    void reader.cancel().catch(() => {});
  };
  res.on("drain", resume);
  res.once("close", cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (res.destroyed) return;
      if (done) return void res.end();
      const more = res.write(value);
      res.flush?.();
      if (!more) await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    res.off("drain", resume);
    res.off("close", cancel);
  }
}
