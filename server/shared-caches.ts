import type { NextFunction, Request, Response } from "express";
import { carriesSessionCookie } from "~/.server/accounts/session-cookie";

/**
 * What a CDN or proxy between the shop and its shoppers may keep of what
 * React Router answers. Every page's nav bar names a signed-in shopper, so
 * every answer varies by Cookie, from the first (the page cache's answers say
 * the same, page-store.ts). An answer to a request with a session cookie, or
 * one that sets a cookie, belongs to one browser: private, and never stored.
 * Set as the head is written, because react-router-handler.ts appends the
 * route's headers to whatever was set before it.
 */
export function keepSessionsOutOfSharedCaches(req: Request, res: Response, next: NextFunction) {
  const session = carriesSessionCookie(req.headers.cookie);
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    res.vary("Cookie");
    if (session || res.hasHeader("set-cookie")) res.setHeader("Cache-Control", "private, no-store");
    return (writeHead as (...args: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
  next();
}
