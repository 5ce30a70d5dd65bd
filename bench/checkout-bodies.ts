import fs from "node:fs";
import path from "node:path";
import { shipping } from "../tests/helpers/shop-api";

/**
 * POST /api/checkout bodies without their idempotency key: the load generator
 * adds a fresh key to each, so every request reserves stock anew.
 */
export interface CheckoutBodies {
  /** JSON fragments `"lines":[…],"shipping":{…}`, one per line of `file`. */
  templates: string[];
  file: string;
}

/** Carts of one to three different products, one unit each: the count bound then bounds what any product loses. */
const MAX_LINES = 3;
export const UNITS_PER_LINE = 1;
const TEMPLATE_COUNT = 512;

/** A small deterministic generator: the same carts in every run and for both servers. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function writeCheckoutBodies(productIds: number[], dir: string): CheckoutBodies {
  const random = seededRandom(productIds.length);
  const templates = Array.from({ length: TEMPLATE_COUNT }, () => {
    const count = Math.min(productIds.length, 1 + Math.floor(random() * MAX_LINES));
    const ids = new Set<number>();
    while (ids.size < count) ids.add(productIds[Math.floor(random() * productIds.length)]!);
    const lines = [...ids].map((id) => ({ id, quantity: UNITS_PER_LINE }));
    return `"lines":${JSON.stringify(lines)},"shipping":${JSON.stringify(shipping)}`;
  });
  const file = path.join(dir, "checkout-bodies.txt");
  fs.writeFileSync(file, templates.join("\n") + "\n");
  return { templates, file };
}

/** The whole body, as bench/wrk/checkout.lua builds it too. */
export const checkoutBody = (idempotencyKey: string, template: string) =>
  `{"idempotencyKey":"${idempotencyKey}",${template}}`;
