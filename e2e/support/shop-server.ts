import { providerClient } from "../../tests/helpers/openid-provider";

/**
 * Where the browser tests' servers listen. Each Playwright worker runs its own
 * shop (its own server and data folder, on a port of its own), so tests that
 * change stock or the catalog run in parallel without seeing each other; the
 * local OpenID provider standing in for Google is shared, on `providerPort`.
 */
export const WORKERS = 2;
export const basePort = Number(process.env.E2E_PORT ?? 4173);
export const providerPort = basePort + 1;
/** The port of the shop of the worker with this parallel index (0 to WORKERS - 1). */
export const shopPort = (parallelIndex: number) => basePort + 2 + parallelIndex;
export const shopCallbacks = Array.from(
  { length: WORKERS },
  (_, index) => `http://127.0.0.1:${shopPort(index)}/api/auth/callback/google`,
);

/** The environment of every worker's server, besides its port and data folder. */
export const shopEnv = {
  LOG_LEVEL: "warn",
  SHOP_EMAIL: "orders@wickshop.test",
  // Every browser test comes from 127.0.0.1 and signs in to few accounts many times; the limits have their own integration tests.
  AUTH_ATTEMPTS_PER_IP: "1000",
  AUTH_ATTEMPTS_PER_ACCOUNT: "1000",
  CHECKOUT_ATTEMPTS_PER_IP: "1000",
  PAYMENT_ATTEMPTS_PER_IP: "1000",
  UNITS_HELD_PER_IP: "1000000",
  GOOGLE_CLIENT_ID: providerClient.id,
  GOOGLE_CLIENT_SECRET: providerClient.secret,
  GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${providerPort}/.well-known/openid-configuration`,
};
