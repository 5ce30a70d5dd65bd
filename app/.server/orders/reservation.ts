import { randomBytes } from "node:crypto";
import type { CheckoutRequest, Shipping } from "~/lib/checkout-schema";
import { ORDER_NUMBER_ALPHABET } from "~/lib/order-number";
import { parseValues, variantLabel } from "~/lib/variants";
import { usStateOf } from "~/lib/us-states";
import type { Insertable } from "kysely";
import { catalogVersionBump } from "../catalog/version";
import type { Database, Db } from "../db";
import { isDeadlock } from "../db/deadlock";
import type { OrderRow } from "../db/schema";
import { changesOf, firstOf, rowsOf, runSteps, type Steps } from "../db/steps";
import { queryTemplate } from "../db/template";
import type { CodeGuesser, GuessesLimited } from "../pricing/discount-guesses";
import type { Customer, PlaceOrderResult } from "./checkout";
import { holdingLimitRefusal } from "./holding-limit";
import { checkoutHit, type Holder } from "./holder";
import {
  breakdownColumns,
  type DiscountRefused,
  type OrderPriceResult,
  type OrderPricing,
  priceOrder,
  withoutCode,
} from "./order-pricing";
import { dayAt } from "../admin/today";
import { type CodesKnown, codeForCheckout, toDiscountCode, type UsableCode } from "./code-lookup";
import { orderInsertedRedeeming, type Redeemed, redeem, redeemsWithOrderInsert, takeUse } from "./redemption";
import { resolveLines } from "./line-variants";
import { takeStock, variantsOf } from "./stock-queries";
import { orderColumns } from "./queries";

/**
 * The reservation: placeOrder's transaction (checkout.ts), which counts the
 * address's checkout, checks every line against stock, creates the pending
 * order and takes its units, or refuses before any stock moves; run again
 * while the products change under it.
 */
export async function reserveOrder(
  db: Db,
  request: CheckoutRequest,
  lines: CheckoutRequest["lines"],
  options: OrderOptions,
  provider: string,
  pricing: OrderPricing,
): Promise<Reservation> {
  try {
    return await reserveWithFreshProducts(db, (lastRun) =>
      reserve(db, request, lines, { ...options, lockProducts: lastRun, pricing }, provider),
    );
  } catch (error) {
    if (error instanceof CodeTakenMeanwhile) return error.refusal;
    throw error;
  }
}

/**
 * The code was taken between a checkout's check and its redemption (the
 * shopper's other order, in another tab, redeemed her one-per-customer
 * code, or another checkout took its last use): everything rolls back, and
 * the answer is the refusal.
 */
export class CodeTakenMeanwhile extends Error {
  override name = "CodeTakenMeanwhile";
  constructor(readonly refusal: ReturnType<typeof withoutCode>) {
    super("The code was taken meanwhile");
  }
}

/** Short, unambiguous and unguessable: "WS-7K3F9QXA". */
export function newOrderNumber(): string {
  const bytes = randomBytes(8);
  return `WS-${Array.from(bytes, (byte) => ORDER_NUMBER_ALPHABET[byte % ORDER_NUMBER_ALPHABET.length]).join("")}`;
}

const insertOrder = queryTemplate((db: Db, values: Insertable<Database["orders"]>) =>
  db.insertInto("orders").values(values).returning(orderColumns),
);

const insertItems = queryTemplate((db: Db, values: { items: Insertable<Database["order_items"]>[] }) =>
  db.insertInto("order_items").values(values.items),
);

export interface OrderOptions {
  customer: Customer;
  now: number;
  /** Where the owner's notice of an order paid with its discount goes (SHOP_EMAIL). */
  shopEmail: string;
  reservationMs: number;
  holder?: Holder;
  /** SHOP_TIME_ZONE: the day a code's Starts and Ends are compared with (UTC when not given). */
  timeZone?: string;
  /** Who asks, for the limit of unknown codes a code's lookup checks (pricing/discount-guesses.ts). */
  guesser: CodeGuesser;
}

/**
 * Where the order goes and where its receipt goes, as the orders table keeps
 * them. A state the shop knows is kept as its code, however it was typed, so
 * the tax report and sales by state count "texas", "Tx" and "TX" as one
 * state; any other text (SPEC's free-text State, with nothing set up) as typed.
 */
export function shippingColumns(shipping: Shipping, customer: Customer) {
  return {
    email: shipping.email ?? customer.email ?? null,
    shipping_name: shipping.name,
    shipping_address: shipping.address,
    shipping_city: shipping.city,
    shipping_state: usStateOf(shipping.state)?.code ?? shipping.state,
    shipping_zip: shipping.zip,
    phone: shipping.phone ?? null,
  };
}

/**
 * The products changed between the reservation's read and its update (on
 * PostgreSQL; SQLite has one writer): another checkout took the units, or
 * the owner changed the stock, a price or a name, or hid the candle. The
 * reservation rolls back.
 */
class ProductsChanged extends Error {
  override name = "ProductsChanged";
  constructor() {
    super("The products kept changing under the reservation");
  }
}

/**
 * How often a reservation runs while its products keep changing under it.
 * Each run reads what the one before lost to, and refuses a line short of
 * stock before any update, so a run loses again only if the products
 * changed again within its few milliseconds: stock that grew back (an
 * expiry, the owner's edit) and was taken again, or the owner's next save.
 * The last run locks the products as it reads them, so it cannot lose: it
 * holds their rows from its read to the commit, as every run did before the
 * stock was taken last (docs/decisions/005-lean-process.md, step 10).
 */
const RESERVATION_RUNS = 3;

/**
 * How often PostgreSQL may end a reservation to break a deadlock before the
 * checkout gives up. A deadlock is not a lost run: it runs again as it was.
 *
 * The last run locks the products before it inserts the order, where the
 * runs before it insert the order first. A request with the same key from
 * another address, on an earlier run, can then hold the key and wait for the
 * products while the last run holds them and waits for the key: PostgreSQL
 * ends one of the two, and the other goes on. The one it ended runs again,
 * and the two end with one order, which both answer: the other's insert
 * meets it, or, when the other loses its run to the price the last run read,
 * the other's next run does. That next run and the other's can cross the
 * same way once more, so the last run may be ended twice.
 */
const DEADLOCK_RUNS = 3;

/** Runs `reserve` as one transaction, again from its first read while its products changed under it or it deadlocked. */
async function reserveWithFreshProducts(
  db: Db,
  reserve: (lastRun: boolean) => Steps<Reservation>,
): Promise<Reservation> {
  for (let runs = 1, deadlocks = 0; ;) {
    const lastRun = runs >= RESERVATION_RUNS;
    try {
      return await runSteps(db, () => reserve(lastRun), { transaction: true });
    } catch (error) {
      if (isDeadlock(error) && deadlocks++ < DEADLOCK_RUNS) continue;
      if (error instanceof ProductsChanged && !lastRun) {
        runs++;
        continue;
      }
      throw error;
    }
  }
}

/** What placeOrder's transaction did: created the order, or refused before moving any stock. */
export type Reservation =
  | { kind: "created"; order: OrderRow }
  | Extract<PlaceOrderResult, { kind: "shortfall" | "variant_required" | "holding_limit" | "rate_limited" }>
  | Exclude<OrderPriceResult, { kind: "priced" }>
  | DiscountRefused
  | GuessesLimited;

/**
 * placeOrder's transaction, as steps (db/steps.ts): on SQLite it runs in one
 * go, holding the database for no other request's turn. It does not look
 * the key up first: a key seen before is rare, and the order's insert finds
 * it (the key is unique), rolling everything back. Every refusal comes
 * before the first change of stock, so the transaction commits it with the
 * rate limit's hit; only an error rolls back, the key's insert among them.
 * The stock is taken last: on PostgreSQL its rows stay locked from there to
 * the commit, and at a launch every checkout wants the same candle.
 */
function* reserve(
  db: Db,
  request: CheckoutRequest,
  lines: CheckoutRequest["lines"],
  options: OrderOptions & { lockProducts: boolean; pricing: OrderPricing },
  provider: string,
): Steps<Reservation> {
  const { holder, now } = options;
  const known: CodesKnown = { withoutLimit: options.pricing.setup.codesWithoutLimit };
  if (holder) {
    const hit = yield* checkoutHit(db, holder, request.discountCode === undefined ? undefined : options.guesser, now);
    if (hit.kind === "limited") return { kind: "rate_limited", retryAfterSeconds: hit.retryAfterSeconds };
    known.guesses = hit.guesses;
    const refusal = yield* holdingLimitRefusal(db, holder, lines, now);
    if (refusal) return refusal;
  }
  const variants = yield* rowsOf(
    variantsOf(db, { productIds: [...new Set(lines.map((line) => line.id))], locked: options.lockProducts }),
  );
  const resolved = resolveLines(lines, variants);
  if (resolved.kind !== "resolved") return resolved;
  const sold = resolved.lines;
  const amountCents = sold.reduce((sum, line) => sum + line.row.price_cents * line.quantity, 0);
  const pricedLines = sold.map((line) => ({
    priceCents: line.row.price_cents,
    quantity: line.quantity,
    unitWeight: line.row.weight,
  }));
  const email = shippingColumns(request.shipping, options.customer).email;
  let code: UsableCode | undefined;
  if (request.discountCode !== undefined) {
    const found = yield* codeForCheckout(db, request.discountCode, {
      today: dayAt(options.timeZone ?? "UTC", now),
      subtotalCents: amountCents,
      email,
      guesser: options.guesser,
      known,
    });
    if (found.kind === "too_many_codes") return found;
    if (found.kind !== "usable") return withoutCode(options.pricing, pricedLines, request, found);
    code = found;
  }
  // Shipping and tax on the prices just read; with nothing set up, the total is the items' (SPEC).
  const priced = priceOrder(options.pricing, pricedLines, request, code && toDiscountCode(code.row));
  if (priced.kind !== "priced") return priced;
  // One conditional update: a code with one use left is used once, however many checkouts race for it.
  const use = code && (yield* takeUse(db, code.row));
  if (use && use.kind !== "taken") return withoutCode(options.pricing, pricedLines, request, use);
  const order: Insertable<Database["orders"]> = {
    number: newOrderNumber(),
    user_id: options.customer.userId ?? null,
    status: "pending_payment",
    customer_name: options.customer.displayName ?? "Guest",
    ...shippingColumns(request.shipping, options.customer),
    ...breakdownColumns(priced.quote),
    currency: "usd",
    payment_provider: provider,
    payment_ref: null,
    idempotency_key: request.idempotencyKey,
    created_at: now,
    paid_at: null,
    expires_at: now + options.reservationMs,
    held_by: holder?.address ?? null,
  };
  let created: OrderRow;
  let redeemed: Redeemed | undefined;
  if (code && redeemsWithOrderInsert(db, code))
    ({ order: created, redeemed } = yield* orderInsertedRedeeming(db, order, code));
  else {
    created = (yield* firstOf(insertOrder(db, order)))!;
    if (code) redeemed = yield* redeem(db, created.id, code);
  }
  if (redeemed && redeemed.kind !== "redeemed")
    throw new CodeTakenMeanwhile(withoutCode(options.pricing, pricedLines, request, redeemed));
  yield* changesOf(
    insertItems(db, {
      items: sold.map((line) => ({
        order_id: created.id,
        product_id: line.id,
        variant_id: line.row.id,
        name: line.row.name,
        variant: variantLabel(parseValues(line.row.option_values)),
        price_cents: line.row.price_cents,
        quantity: line.quantity,
        scent: line.row.scent,
      })),
    }),
  );
  const taken = yield* rowsOf(
    takeStock(db, { lines: sold.map((line) => ({ variant: line.row.id, quantity: line.quantity })) }),
  );
  const pricedAt = new Map(sold.map((line) => [line.row.id, line.row.price_cents]));
  if (taken.length < sold.length || taken.some((variant) => variant.price_cents !== pricedAt.get(variant.id)))
    throw new ProductsChanged();
  // A browsing page changes only when a product sells out (docs/decisions/005-lean-process.md).
  if (taken.some((variant) => variant.stock === 0)) yield* changesOf(catalogVersionBump(db));
  return { kind: "created", order: created };
}
