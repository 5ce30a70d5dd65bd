import { formatDollars, formatPrice } from "~/lib/money";

/**
 * One of the Today screen's totals: the amount less what went back in the
 * same days (and how much that was), the tax in it (when there is any), and
 * how many orders made it.
 */
export function SalesFigure({
  label,
  sales,
}: {
  label: string;
  sales: { orders: number; cents: number; taxCents: number; refundedCents: number };
}) {
  return (
    <div className="admin-figure">
      <p className="admin-figure__label">{label}</p>
      <p className="admin-figure__amount">{formatDollars(sales.cents)}</p>
      {sales.refundedCents > 0 ? (
        <p className="admin-figure__tax">after ${formatPrice(sales.refundedCents)} refunded</p>
      ) : null}
      {sales.taxCents > 0 ? <p className="admin-figure__tax">of which ${formatPrice(sales.taxCents)} tax</p> : null}
      <p className="admin-figure__orders">
        {sales.orders} {sales.orders === 1 ? "order" : "orders"}
      </p>
    </div>
  );
}
