import type { QuoteRequestBody } from "~/lib/checkout-schema";
import type { Db } from "../db";
import { rowsOf, runSteps } from "../db/steps";
import type { StockAdjustment } from "../orders/checkout";
import { inLineOrder, resolveLines } from "../orders/line-variants";
import { variantsOf } from "../orders/stock-queries";
import { dayAt } from "../admin/today";
import { emailKeyOf, redemptionBy, toDiscountCode, typedCode } from "../orders/code-lookup";
import type { CodeGuesser, GuessesLimited } from "./discount-guesses";
import { type DiscountRefusal, discountRefusal } from "./discount-rules";
import { type Quote, type QuoteResult, quoteOrder } from "./quote";
import { pricingSetup } from "./setup";
import { type ShipToResult, shipTo } from "./ship-to";

export type CartQuoteResult =
  | QuoteResult
  | Extract<ShipToResult, { kind: "invalid_address" }>
  /** As checkout refuses them: a line of an unknown or hidden product, or of more than its stock. */
  | { kind: "shortfall"; adjustments: StockAdjustment[] }
  /** 400: lines of products with options that name no variant. */
  | { kind: "variant_required"; ids: number[] }
  /**
   * 422: a code refused, with the quote as it would be without it. One per customer by the email the order
   * would have (typed, else the signed-in shopper's); without one, checkout asks for it.
   */
  | (DiscountRefusal & { quote: Quote })
  /** The address typed as many unknown codes as it may (discount-guesses.ts). */
  | GuessesLimited;

/**
 * POST /api/checkout/quote: what the cart would cost, at the database's
 * prices, shipped to the address typed so far. It reserves nothing, and
 * reads the setup from memory (pricing/setup.ts), so the checkout panel can
 * ask again as the address and the method change.
 */
export async function quoteCart(
  db: Db,
  body: QuoteRequestBody,
  options: { now: number; timeZone: string; email?: string; guesser: CodeGuesser },
): Promise<CartQuoteResult> {
  const setup = await pricingSetup(db);
  const where = shipTo(setup, body.shipping ?? {});
  if (where.kind === "invalid_address") return where;
  const lines = inLineOrder(body.lines);
  const productIds = [...new Set(lines.map((line) => line.id))];
  const variants = await runSteps(db, () => rowsOf(variantsOf(db, { productIds, locked: false })));
  const resolved = resolveLines(lines, variants);
  if (resolved.kind !== "resolved") return resolved;
  const pricedLines = resolved.lines.map((line) => ({
    priceCents: line.row.price_cents,
    quantity: line.quantity,
    unitWeight: line.row.weight,
  }));
  const quoteWith = (code: ReturnType<typeof toDiscountCode> | undefined) =>
    quoteOrder({
      lines: pricedLines,
      discount: code,
      shipping: setup.shipping,
      tax: setup.tax,
      address: where.address,
      shippingRateId: body.shippingRateId,
    });
  if (body.discountCode === undefined) return quoteWith(undefined);
  const typed = body.discountCode;
  const lookup = await runSteps(db, () => typedCode(db, typed, options.guesser));
  if (lookup.kind === "too_many_codes") return lookup;
  const { row } = lookup;
  const code = row && toDiscountCode(row);
  const subtotalCents = pricedLines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const refusal =
    discountRefusal(code, dayAt(options.timeZone, options.now), subtotalCents) ??
    (row?.once_per_customer === 1 && options.email !== undefined
      ? await usedBefore(db, row.id, options.email)
      : undefined);
  if (!refusal) return quoteWith(code);
  const without = quoteWith(undefined);
  return without.kind === "quote" ? { ...refusal, quote: without } : without;
}

/** Once the order's email is known, one per customer is checked on Apply as checkout will check it. */
async function usedBefore(db: Db, discountId: number, email: string): Promise<DiscountRefusal | undefined> {
  const used = await redemptionBy(db, discountId, emailKeyOf(email));
  return used ? { kind: "discount_once_per_customer" } : undefined;
}
