import { loadAuthSecret } from "~/.server/accounts/auth";
import { openDatabase } from "~/.server/db";
import { type OrderAccess, createOrderAccess } from "~/.server/orders/access";
import { cards, pay } from "../tests/helpers/shop-api";
import type { CatalogDocument } from "./catalog-generator";
import { progress } from "./catalog-run";
import type { CheckoutBodies } from "./checkout-bodies";
import { checkStockInvariant } from "./invariant";
import type { LoadGenerator, ShopperAddresses } from "./load";
import { startCheckoutLimit } from "./limits";
import type { CheckoutFigure, CheckoutRoundsFigure } from "./results";
import type { BenchSettings } from "./settings";
import type { ShopData } from "./shop-server";
import { alternatingRounds, type RoundRun, type Server, shopBesideLimit } from "./side-by-side";
import { medianBy, ratio } from "./stats";

/** Paid orders in the invariant check: it then covers both kinds of order that hold stock. */
const ORDERS_TO_PAY = 5;

/** Pays a few of the orders the load just placed (the newest: an older one may expire meanwhile), as their browsers would (the checkout's token comes from the shop's secret). */
export async function payForSomeOrders(shopUrl: string, data: ShopData) {
  const { db } = openDatabase(data);
  let pending: { number: string }[];
  let orderAccess: OrderAccess;
  try {
    pending = await db
      .selectFrom("orders")
      .select("number")
      .where("status", "=", "pending_payment")
      .orderBy("id", "desc")
      .limit(ORDERS_TO_PAY)
      .execute();
    orderAccess = createOrderAccess(await loadAuthSecret(db));
  } finally {
    await db.destroy();
  }
  for (const { number } of pending) {
    const answer = await pay({ url: shopUrl }, { number, accessToken: orderAccess.tokenFor(number) }, cards.success);
    if (answer.status !== 200)
      throw new Error(`paying ${number} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}

/**
 * Reservations per second through POST /api/checkout, beside a bare server
 * running the raw transaction with the same driver on its own copy of the
 * schema; then some orders are paid and the stock invariant is checked.
 * The limit's copy is imported from `catalog`, the file the shop's stock came from.
 */
export async function measureCheckout(options: {
  generator: LoadGenerator;
  shop: Server;
  shopData: ShopData;
  /** The limit's own database: undefined for SQLite (a file in `dir`), else a PostgreSQL URL. */
  limitDatabaseUrl: string | undefined;
  catalog: CatalogDocument[];
  bodies: CheckoutBodies;
  settings: BenchSettings;
  dir: string;
  /** Each checkout from a shopper address of its own (the default), or all from one. */
  addresses?: ShopperAddresses;
}): Promise<CheckoutFigure> {
  const { generator, shop, shopData, catalog, bodies, settings, dir, addresses = "own" } = options;
  const limit = await startCheckoutLimit(catalog, dir, options.limitDatabaseUrl);
  try {
    const workload = { kind: "checkout" as const, bodies, maxRequests: settings.checkoutBound, addresses };
    const {
      shop: atShop,
      limit: atLimit,
      runs,
    } = await shopBesideLimit(generator, { shop, limit }, workload, settings);
    await payForSomeOrders(shop.url, shopData);
    return {
      engine: shopData.databaseUrl ? "postgres" : "sqlite",
      addresses,
      shop: atShop,
      limit: atLimit,
      ratio: ratio(atShop.requestsPerSecond, atLimit.requestsPerSecond),
      runs,
      invariant: await checkStockInvariant(shopData),
    };
  } finally {
    await limit.stop();
  }
}

/** A shop's checkout after its alternating rounds: pays some of its orders, then checks the stock invariant. */
export async function checkoutRoundsFigure(
  runs: RoundRun[],
  shop: Server,
  data: ShopData,
): Promise<CheckoutRoundsFigure> {
  await payForSomeOrders(shop.url, data);
  const { cpuMsPerRequest: _, ...middle } = medianBy(runs, (run) => run.requestsPerSecond);
  return {
    median: middle,
    rounds: runs.map((run) => run.requestsPerSecond),
    cpuMsPerOrder: runs.map((run) => run.cpuMsPerRequest),
    invariant: await checkStockInvariant(data),
  };
}

/**
 * POST /api/checkout on several shops at once, in alternating rounds
 * (bench/side-by-side.ts), each checkout from an address of its own and at
 * most `maxRequests` a run; `what` names the runs in the progress lines.
 */
export const checkoutInRounds = <Key>(
  generator: LoadGenerator,
  shops: { key: Key; shop: Server; bodies: CheckoutBodies }[],
  options: { settings: BenchSettings; rounds: number; maxRequests: number; what: string },
) =>
  alternatingRounds(
    generator,
    shops.map(({ key, shop, bodies }) => ({
      key,
      shop,
      workload: { kind: "checkout" as const, bodies, maxRequests: options.maxRequests, addresses: "own" as const },
    })),
    {
      connections: options.settings.connections,
      seconds: options.settings.seconds,
      rounds: options.rounds,
      onRun: (key, round, run) =>
        progress(
          `${options.what}, round ${round + 1}, ${String(key)}: ${Math.round(run.requestsPerSecond)} orders/s, ${run.cpuMsPerRequest.toFixed(2)} ms of the shop's CPU each`,
        ),
    },
  );
