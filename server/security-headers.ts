import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import type { Config } from "~/.server/config";

const NONCE_BYTES = 16;
/** The CSPRNG is asked for this many bytes at a time: one call serves 256 nonces, each its own 16 bytes, never reused. */
const NONCE_POOL_BYTES = 4096;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;

/** A fresh nonce per response, 16 bytes from the CSPRNG: only React Router's own inline scripts and the page's style sheet carry it. */
function createNonce(_req: Request, res: Response, next: NextFunction) {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_POOL_BYTES);
    nonceOffset = 0;
  }
  res.locals.cspNonce = noncePool.toString("base64", nonceOffset, (nonceOffset += NONCE_BYTES));
  next();
}

const nonceSource = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`;

/**
 * helmet's headers with a strict Content-Security-Policy: scripts and styles
 * from this site or with the response's nonce, nothing framed by anyone, and Stripe's
 * origins only when Stripe takes the payments. Google sign-in without the
 * popup is a form whose answer redirects to the provider, so its origin may
 * receive a form. HSTS only when the shop is served over HTTPS.
 */
export function securityHeaders(config: Config) {
  const stripe = config.stripe !== undefined;
  const https = config.publicUrl.startsWith("https:");
  const signInProvider = config.google ? [new URL(config.google.discoveryUrl).origin] : [];
  return [
    createNonce,
    helmet({
      // Vite's development server injects scripts of its own; the policy guards the built shop.
      contentSecurityPolicy:
        config.mode === "development"
          ? false
          : {
              useDefaults: false,
              directives: {
                "default-src": ["'self'"],
                "script-src": ["'self'", nonceSource, ...(stripe ? ["https://js.stripe.com"] : [])],
                "style-src": ["'self'", nonceSource],
                "img-src": ["'self'", "data:", ...(stripe ? ["https://*.stripe.com"] : [])],
                "font-src": ["'self'"],
                "connect-src": ["'self'", ...(stripe ? ["https://api.stripe.com"] : [])],
                "frame-src": stripe ? ["https://js.stripe.com", "https://hooks.stripe.com"] : ["'none'"],
                "frame-ancestors": ["'none'"],
                "form-action": ["'self'", ...signInProvider],
                "base-uri": ["'self'"],
                "object-src": ["'none'"],
                ...(https ? { "upgrade-insecure-requests": [] } : {}),
              },
            },
      // The Google sign-in popup must keep its link to the page that opened it.
      crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // The same as the policy's frame-ancestors 'none', for browsers that read only this header.
      xFrameOptions: { action: "deny" },
      strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    }),
  ];
}
