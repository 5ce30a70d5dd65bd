import fs from "node:fs";
import path from "node:path";
import { type Line, type Shipping, shipping } from "../tests/helpers/shop-api";
import { type CatalogDocument, productIdsOf, variantIdsOf } from "./catalog-generator";

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

/**
 * The carts every checkout bench sends, the same in every run: one to three
 * different products, one unit each. A product with options (`variantsOf`)
 * is bought as one of its variants, drawn after the products, so a catalog
 * without options gets the very carts it always did.
 */
export function checkoutCarts(productIds: number[], variantsOf = new Map<number, number[]>()): Line[][] {
  const random = seededRandom(productIds.length);
  return Array.from({ length: TEMPLATE_COUNT }, () => {
    const count = Math.min(productIds.length, 1 + Math.floor(random() * MAX_LINES));
    const ids = new Set<number>();
    while (ids.size < count) ids.add(productIds[Math.floor(random() * productIds.length)]!);
    return [...ids].map((id) => {
      const variants = variantsOf.get(id);
      if (!variants) return { id, quantity: UNITS_PER_LINE };
      return { id, variant: variants[Math.floor(random() * variants.length)]!, quantity: UNITS_PER_LINE };
    });
  });
}

/** `checkoutCarts` of a catalog's products, each with options bought as one of its variants. */
export const catalogCarts = (catalog: CatalogDocument[]) => checkoutCarts(productIdsOf(catalog), variantIdsOf(catalog));

/** One template: the cart, where it goes, and what else the panel sends with it (a shipping method, the total seen, a code). */
export const bodyTemplate = (lines: Line[], to: Shipping, extra: Record<string, string | number> = {}) =>
  JSON.stringify({ lines, shipping: to, ...extra }).slice(1, -1);

/** `templates` as the load generators read them, in `dir`. */
export function writeBodies(templates: string[], dir: string): CheckoutBodies {
  const file = path.join(dir, "checkout-bodies.txt");
  fs.writeFileSync(file, templates.join("\n") + "\n");
  return { templates, file };
}

export const writeCheckoutBodies = (catalog: CatalogDocument[], dir: string): CheckoutBodies =>
  writeBodies(
    catalogCarts(catalog).map((lines) => bodyTemplate(lines, shipping)),
    dir,
  );

/** The whole body, as bench/wrk/checkout.lua builds it too. */
export const checkoutBody = (idempotencyKey: string, template: string) =>
  `{"idempotencyKey":"${idempotencyKey}",${template}}`;
