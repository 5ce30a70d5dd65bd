import type { OrderItemRow, OrderRow } from "~/.server/db/schema";
import { CARRIERS } from "~/lib/carriers";
import { ORDER_NUMBER_ALPHABET } from "~/lib/order-number";
import { type SeededRandom, seededRandom } from "./seeded-random";
import { type Person, randomPerson } from "./shoppers";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const HISTORY_MS = 3 * 365 * DAY_MS;
/** Orders double each year: the last month sees about 2.4 times the average month. */
const GROWTH_PER_YEAR = 2;
/** Two orders in five come from a signed-in shopper, who buys about three times. */
const SIGNED_IN_SHARE = 0.4;
const ORDERS_PER_ACCOUNT = 3;
const EXPIRED_SHARE = 0.08;
/** Of the paid orders: cancelled and refunded later, by the owner. */
const REFUNDED_SHARE = 0.03;
/** Lines per order, one to six: 2.6 on average. */
const LINE_WEIGHTS = [28, 27, 20, 13, 8, 4];
/** Units per line, one to three. */
const QUANTITY_WEIGHTS = [80, 15, 5];

/** What the history sells: a product's variant (a product without options has one). */
export interface CatalogProduct {
  id: number;
  variant_id: number;
  name: string;
  /** Its values as an order line keeps them ("12 oz"); "" without options. */
  variant: string;
  price_cents: number;
  scent: string;
}

/** A shopper's account, as the shop would have it in better-auth's user table. */
export interface Account {
  id: string;
  name: string;
  email: string;
  createdAt: number;
}

/**
 * The columns of orders this commit's schema has, named one by one: columns
 * added later (with defaults) take their defaults, and the bench still fits.
 */
export type GrownOrderRow = Pick<
  OrderRow,
  | "number"
  | "user_id"
  | "status"
  | "customer_name"
  | "email"
  | "shipping_name"
  | "shipping_address"
  | "shipping_city"
  | "shipping_state"
  | "shipping_zip"
  | "phone"
  | "amount_cents"
  | "subtotal_cents"
  | "currency"
  | "payment_provider"
  | "payment_ref"
  | "idempotency_key"
  | "created_at"
  | "paid_at"
  | "expires_at"
  | "held_by"
  | "expiry_claimed_until"
  | "shipped_at"
  | "carrier"
  | "tracking_number"
  | "refunded_at"
>;

export interface GrownOrder {
  row: GrownOrderRow;
  items: Omit<OrderItemRow, "order_id">[];
  /** Refunded with its units put back in stock. */
  restocked: boolean;
}

export interface ShopHistory {
  start: number;
  /** Oldest first, as the shop would have numbered them. */
  orders: GrownOrder[];
  /** The signed-in shoppers other than `regular`. */
  accounts: Account[];
}

export interface HistoryOptions {
  orders: number;
  now: number;
  products: CatalogProduct[];
  /** The shopper whose /account the bench opens: she placed `regularOrders` of them. */
  regular: { id: string; name: string; email: string };
  regularOrders: number;
  reservationMs: number;
  seed?: number;
}

/** When orders were placed: `count` times in the history, more of them in later months, oldest first. */
function placedTimes(random: SeededRandom, count: number, start: number, end: number) {
  const span = end - start;
  const growth = GROWTH_PER_YEAR ** (span / (365 * DAY_MS)) - 1;
  // The inverse of the share of orders placed by time t when the rate grows exponentially.
  const times = Array.from(
    { length: count },
    () => start + (span * Math.log1p(random.next() * growth)) / Math.log1p(growth),
  );
  return times.map(Math.round).sort((a, b) => a - b);
}

function trackingNumber(random: SeededRandom, carrier: string) {
  if (carrier === "UPS") return `1Z${random.text("0123456789ABCDEFGHJKLMNPRSTUVWXY", 16)}`;
  return random.text("0123456789", carrier === "USPS" ? 22 : carrier === "FedEx" ? 12 : 10);
}

const uuid = (random: SeededRandom) => {
  const hex = random.text("0123456789abcdef", 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
};

function linesOf(random: SeededRandom, products: CatalogProduct[], popularity: number[]) {
  const count = Math.min(products.length, random.weighted(LINE_WEIGHTS) + 1);
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(random.weighted(popularity));
  return [...chosen].map((index) => {
    const product = products[index]!;
    return {
      product_id: product.id,
      variant_id: product.variant_id,
      name: product.name,
      variant: product.variant,
      price_cents: product.price_cents,
      scent: product.scent,
      quantity: random.weighted(QUANTITY_WEIGHTS) + 1,
    };
  });
}

/** What happened to a placed order by `now`: its status and the moments of each step. */
function fateOf(random: SeededRandom, placed: number, now: number, pending: boolean, reservationMs: number) {
  const none = {
    paid_at: null,
    shipped_at: null,
    refunded_at: null,
    carrier: null,
    tracking_number: null,
    restocked: false,
  };
  if (pending) return { ...none, status: "pending_payment" as const };
  if (random.chance(EXPIRED_SHARE)) return { ...none, status: "expired" as const };
  const paidAt = placed + random.int(30_000, Math.min(12 * MINUTE_MS, reservationMs - 1));
  let shippedAt: number | null = paidAt + random.int(DAY_MS / 2, 4 * DAY_MS);
  let refundedAt: number | null = random.chance(REFUNDED_SHARE) ? paidAt + random.int(DAY_MS / 20, 30 * DAY_MS) : null;
  if (refundedAt !== null && refundedAt > now) refundedAt = null;
  if (shippedAt > now || (refundedAt !== null && refundedAt < shippedAt)) shippedAt = null;
  const carrier = shippedAt !== null && random.chance(0.9) ? random.pick(CARRIERS) : null;
  return {
    status: refundedAt !== null ? ("refunded" as const) : shippedAt !== null ? ("shipped" as const) : ("paid" as const),
    paid_at: paidAt,
    shipped_at: shippedAt,
    refunded_at: refundedAt,
    carrier,
    tracking_number: carrier !== null && random.chance(0.95) ? trackingNumber(random, carrier) : null,
    restocked: refundedAt !== null && random.chance(shippedAt === null ? 0.6 : 0.3),
  };
}

/**
 * A shop's orders over three years up to `now`, the way real ones look:
 * more in recent months, mostly shipped, some paid and waiting, refunded or
 * expired unpaid, a few still pending; guests and signed-in shoppers, one
 * of them a regular with `regularOrders` orders. The same every run.
 */
export function growHistory(options: HistoryOptions): ShopHistory {
  const random = seededRandom(options.seed ?? 29);
  const { now, products } = options;
  const start = now - HISTORY_MS;
  // A few orders are being paid for right now; the rest were placed before the last reservation ran out.
  const pendingCount = Math.max(1, Math.round(options.orders / 5_000));
  const placed = [
    ...placedTimes(random, options.orders - pendingCount, start, now - options.reservationMs - MINUTE_MS),
    ...placedTimes(random, pendingCount, now - 10 * MINUTE_MS, now),
  ];
  const popularity = products.map(() => 1 + random.next() * 4);
  const regularOrders = new Set<number>();
  while (regularOrders.size < Math.min(options.regularOrders, options.orders - pendingCount))
    regularOrders.add(random.int(0, options.orders - pendingCount - 1));
  const regular: Person = { ...randomPerson(random, 0), name: options.regular.name, email: options.regular.email };

  const accountPool = Math.max(20, Math.round((options.orders * SIGNED_IN_SHARE) / ORDERS_PER_ACCOUNT));
  const accounts = new Map<number, Account & { person: Person }>();
  const accountAt = (index: number, placedAt: number) => {
    let account = accounts.get(index);
    if (!account) {
      const person = randomPerson(random, index + 1);
      account = {
        id: random.text("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 32),
        name: person.name,
        email: person.email,
        createdAt: placedAt - random.int(MINUTE_MS, DAY_MS),
        person,
      };
      accounts.set(index, account);
    }
    return account;
  };

  const numbers = new Set<string>();
  const orders = placed.map((createdAt, index): GrownOrder => {
    let number: string;
    do number = `WS-${random.text(ORDER_NUMBER_ALPHABET, 8)}`;
    while (numbers.has(number));
    numbers.add(number);
    const pending = index >= placed.length - pendingCount;
    let customer: { userId: string | null; name: string; person: Person; email: string | null };
    if (regularOrders.has(index))
      customer = { userId: options.regular.id, name: regular.name, person: regular, email: regular.email };
    else if (random.chance(SIGNED_IN_SHARE)) {
      // Squared, so that a few accounts buy often and most once or twice.
      const account = accountAt(Math.floor(accountPool * random.next() ** 2), createdAt);
      customer = { userId: account.id, name: account.name, person: account.person, email: account.email };
    } else {
      const person = randomPerson(random, accountPool + index);
      customer = { userId: null, name: "Guest", person, email: random.chance(0.97) ? person.email : null };
    }
    // Now and then a gift, sent to someone else.
    const to = customer.userId && random.chance(0.1) ? randomPerson(random, accountPool + index) : customer.person;
    const items = linesOf(random, products, popularity);
    const total = items.reduce((sum, item) => sum + item.price_cents * item.quantity, 0);
    const { restocked, ...fate } = fateOf(random, createdAt, now, pending, options.reservationMs);
    return {
      row: {
        number,
        user_id: customer.userId,
        customer_name: customer.name,
        email: customer.email,
        shipping_name: to.name,
        shipping_address: to.address,
        shipping_city: to.city,
        shipping_state: to.state,
        shipping_zip: to.zip,
        phone: customer.person.phone,
        amount_cents: total,
        subtotal_cents: total,
        currency: "usd",
        payment_provider: "test",
        payment_ref: `test_${number}`,
        idempotency_key: uuid(random),
        created_at: createdAt,
        expires_at: createdAt + options.reservationMs,
        held_by: pending ? `198.51.100.${random.int(1, 254)}` : null,
        expiry_claimed_until: null,
        ...fate,
      },
      items,
      restocked,
    };
  });
  return { start, orders, accounts: [...accounts.values()].map(({ person: _, ...account }) => account) };
}
