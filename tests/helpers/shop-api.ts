import { randomUUID } from "node:crypto";
import { parseCatalogFile } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
import type { Db } from "~/.server/db";
import { catalogFile, type TestItem } from "./catalog-files";
import { type ServerProcess, startServerProcess } from "./server-process";
import { createTestDatabase, type TestDatabase } from "./test-database";

/** A running shop: its own test database with a known catalog, and the real server process in front of it. */
export interface Shop {
  url: string;
  db: Db;
  database: TestDatabase;
  server: ServerProcess;
  /** Stock per product id as imported: the left side of DESIGN.md's stock invariant. */
  initialStock: Record<number, number>;
  close: () => Promise<void>;
}

/**
 * Imports `catalog` into a fresh test database, then starts the server on it
 * (the demo catalog is only seeded into an empty database, so it stays out).
 */
export async function openShop(catalog: Record<string, TestItem[]>, env: Record<string, string> = {}): Promise<Shop> {
  const database = await createTestDatabase();
  try {
    const file = parseCatalogFile(catalogFile(catalog));
    await importCatalog(database.db, file, { replace: false });
    const server = await startServerProcess({ ...database.env, ...env });
    return {
      url: server.url,
      db: database.db,
      database,
      server,
      initialStock: Object.fromEntries(file.flatMap((category) => category.items.map((item) => [item.id, item.stock]))),
      close: async () => {
        await server.stop();
        await database.cleanup();
      },
    };
  } catch (error) {
    await database.cleanup();
    throw error;
  }
}

export interface Line {
  id: number;
  /** The variant, for a product with options (DESIGN.md, "Sizes and scents"). */
  variant?: number;
  quantity: number;
}

export interface Shipping {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone?: string;
  email?: string;
}

export const shipping: Shipping = {
  name: "Ada Lovelace",
  address: "12 Wick Lane",
  city: "Portland",
  state: "OR",
  zip: "97201",
};

/** Test gateway cards as a shopper types them (DESIGN.md §Interfaces). */
export const cards = {
  success: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  insufficientFunds: "4000 0000 0000 9995",
  real: "5555 5555 5555 4444",
} as const;

export const newIdempotencyKey = () => `test-${randomUUID()}`;

/** The shipping method chosen and the total the shopper saw, once shipping or tax is set up; and a code she applied. */
export interface PricedChoice {
  shippingRateId: number;
  expectedTotalCents: number;
  discountCode?: string;
}

export function checkoutBody(
  lines: Line[],
  options: { idempotencyKey?: string; shipping?: Partial<Shipping>; choice?: PricedChoice } = {},
) {
  return {
    idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
    lines,
    shipping: { ...shipping, ...options.shipping },
    ...options.choice,
  };
}

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export type CheckoutAnswer = Partial<ApiErrorBody> & {
  order?: { number: string; amountCents: number; status: string; accessToken: string };
  payment?: { provider: string };
  adjustments?: { id: number; variant?: number; available: number }[];
};

/** GET /api/orders/{number}/payment, as the browser that placed the order asks it (with its token) or as anyone else. */
export const paymentStatus = (shop: Pick<Shop, "url">, number: string, accessToken?: string) =>
  request<PaymentAnswer>(`${shop.url}/api/orders/${number}/payment`, {
    method: "GET",
    headers: accessToken === undefined ? {} : { "X-Order-Token": accessToken },
  });

export type PaymentAnswer = Partial<ApiErrorBody> & {
  order?: {
    number: string;
    status: string;
    amountCents: number;
    thankYouName: string;
    items: { id: number; name: string; quantity: number; priceCents: number }[];
    /** Once shipping or tax is set up: Subtotal, Shipping, Tax and Order total as the thank-you page shows them. */
    breakdown?: { label: string; detail?: string; amount: string }[];
  };
};

export interface ApiResponse<Body> {
  status: number;
  headers: Headers;
  body: Body;
}

/**
 * Sends a request the way a client would and reads the JSON answer. `body` is
 * sent as JSON unless it is already a string (for bodies that are not JSON).
 */
export async function request<Body>(
  url: string,
  options: { method?: string; body?: unknown; contentType?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<Body>> {
  const { method = "POST", body, contentType = "application/json", headers = {} } = options;
  const response = await fetch(url, {
    method,
    headers: body === undefined ? headers : { ...headers, "Content-Type": contentType },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${url} answered ${response.status} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
  return { status: response.status, headers: response.headers, body: parsed as Body };
}

export const postCheckout = (shop: Pick<Shop, "url">, body: unknown, contentType?: string) =>
  request<CheckoutAnswer>(`${shop.url}/api/checkout`, { body, contentType });

export const checkout = (shop: Pick<Shop, "url">, lines: Line[], options?: Parameters<typeof checkoutBody>[1]) =>
  postCheckout(shop, checkoutBody(lines, options));

/** Checks out and insists it worked: for tests about what happens to an order afterwards. */
export async function placePendingOrder(
  shop: Pick<Shop, "url">,
  lines: Line[],
  options?: Parameters<typeof checkoutBody>[1],
) {
  const answer = await checkout(shop, lines, options);
  if (answer.status !== 201 || !answer.body.order) {
    throw new Error(`checkout answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body.order;
}

/** The test card for an order, as the browser that placed it pays (with its access token, unless `accessToken` is left out). */
export const pay = (
  shop: Pick<Shop, "url">,
  order: { number: string; accessToken?: string },
  cardNumber: string,
  card: { expiry?: string; cvc?: string } = {},
) =>
  request<PaymentAnswer>(`${shop.url}/api/payments/test-gateway`, {
    body: { orderNumber: order.number, cardNumber, expiry: card.expiry ?? "12/34", cvc: card.cvc ?? "123" },
    headers: order.accessToken === undefined ? {} : { "X-Order-Token": order.accessToken },
  });
