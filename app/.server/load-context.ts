import type { Auth } from "./accounts/auth";
import type { Config } from "./config";
import type { Db } from "./db";
import type { Logger } from "./logger";
import type { OrderAccess } from "./orders/access";
import type { PaymentProviders } from "./orders/payments/providers";

/** What every loader and action receives as `context`, set in server.ts for each request. */
export interface ShopContext {
  db: Db;
  config: Config;
  logger: Logger;
  payments: PaymentProviders;
  auth: Auth;
  orderAccess: OrderAccess;
  /** The client's address as Express sees it (X-Forwarded-For only from a trusted proxy), for rate limits. */
  clientIp: string;
  /** This response's Content-Security-Policy nonce for the inline scripts React Router writes. */
  cspNonce: string;
}

declare module "react-router" {
  // Declaration merging needs an interface; the members come from ShopContext.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ShopContext {}
}
