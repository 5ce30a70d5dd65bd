/** What the tax report gives for one state in one month, in cents: the figures a sales tax filing asks for. */
export interface TaxFigures {
  /** The total taken: items − discount + shipping + tax. */
  grossCents: number;
  /** What tax was charged on: items − discount, with shipping where it is taxed; 0 for orders without tax. */
  taxableCents: number;
  shippingCents: number;
  taxCents: number;
  /** Money given back in the month, whenever its orders were paid. */
  refundedCents: number;
  /** The tax part of it. */
  taxRefundedCents: number;
}

/** Each figure's name, on the screen and in the CSV's header (a contract: docs/owner-guide.md), in order. */
export const TAX_FIGURES: readonly (readonly [string, keyof TaxFigures])[] = [
  ["Gross sales", "grossCents"],
  ["Taxable sales", "taxableCents"],
  ["Shipping", "shippingCents"],
  ["Tax collected", "taxCents"],
  ["Refunds", "refundedCents"],
  ["Tax refunded", "taxRefundedCents"],
];

/** Nothing sold, nothing given back. */
export const NO_FIGURES: Readonly<TaxFigures> = {
  grossCents: 0,
  taxableCents: 0,
  shippingCents: 0,
  taxCents: 0,
  refundedCents: 0,
  taxRefundedCents: 0,
};
