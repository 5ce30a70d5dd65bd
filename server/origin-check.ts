import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another site
 * (cross-site request forgery). Browsers always send Origin on such requests;
 * clients without one (Stripe's webhook, scripts) carry no cookies of a shopper.
 */
export function sameOriginOnly(publicUrl: string) {
  const shopOrigin = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.get("origin");
    if (SAFE_METHODS.has(req.method) || origin === undefined) return next();
    let sameHost = false;
    try {
      sameHost = new URL(origin).host === req.get("host");
    } catch {
      // "null" or junk: not this shop.
    }
    if (origin === shopOrigin || sameHost) return next();
    res
      .status(403)
      .json({ error: { code: "cross_origin", message: "This request came from another site and was refused." } });
  };
}
