import type { CheckoutLine } from "~/lib/checkout-schema";
import { parseOptions } from "~/lib/variants";
import type { StockAdjustment } from "./checkout";
import type { LineVariantRow } from "./stock-queries";

/** A checkout or quote line with the variant it buys. */
export type SoldLine = CheckoutLine & { row: LineVariantRow };

export type LinesResolved =
  | { kind: "resolved"; lines: SoldLine[] }
  /** Lines their variants cannot fill, each with what it can (none for an unknown or hidden product or variant). */
  | { kind: "shortfall"; adjustments: StockAdjustment[] }
  /** 400 `variant_required`: lines of products with options that name no variant. */
  | { kind: "variant_required"; ids: number[] };

/**
 * Each line's variant among the shop's variants of its products (DESIGN.md,
 * "Sizes and scents"): the one it names, or the only one of a product
 * without options. A line that names no variant of a product with options
 * is refused before anything else; one short of stock gets an adjustment,
 * naming its variant when it named one.
 */
export function resolveLines(lines: readonly CheckoutLine[], rows: readonly LineVariantRow[]): LinesResolved {
  const byProduct = new Map<number, LineVariantRow[]>();
  for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);
  const hasOptions = (id: number) => parseOptions(byProduct.get(id)?.[0]?.options ?? "[]").length > 0;
  const unnamed = lines.filter((line) => line.variant === undefined && hasOptions(line.id));
  if (unnamed.length > 0) return { kind: "variant_required", ids: unnamed.map((line) => line.id) };
  const resolved: SoldLine[] = [];
  const adjustments: StockAdjustment[] = [];
  for (const line of lines) {
    const variants = byProduct.get(line.id) ?? [];
    const row = line.variant === undefined ? variants[0] : variants.find((variant) => variant.id === line.variant);
    const available = row?.available === 1 ? row.stock : 0;
    if (row && available >= line.quantity) resolved.push({ ...line, row });
    else adjustments.push({ id: line.id, ...(line.variant === undefined ? {} : { variant: line.variant }), available });
  }
  return adjustments.length > 0 ? { kind: "shortfall", adjustments } : { kind: "resolved", lines: resolved };
}

/** Lines in the order items and adjustments list them: by product, then variant. */
export const inLineOrder = <Line extends CheckoutLine>(lines: readonly Line[]) =>
  [...lines].sort((a, b) => a.id - b.id || (a.variant ?? 0) - (b.variant ?? 0));
