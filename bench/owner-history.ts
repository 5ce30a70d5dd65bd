import type { ActivityRow, StockAdjustmentTable } from "~/.server/db/schema";
import type { CatalogProduct, ShopHistory } from "./order-history";
import { seededRandom } from "./seeded-random";

const HOUR_MS = 60 * 60_000;
/** The owner restocks every product about once a month. */
const RESTOCK_PERIOD_MS = 30 * 24 * HOUR_MS;
/** Of the activity log: the rest are shipments, refunds and restocks. */
const EDIT_SHARE = 0.04;
/** Statuses whose units left the stock and stay counted in DESIGN.md's invariant. */
const HOLDING = new Set(["pending_payment", "paid", "shipped", "refunded"]);

type ActivityColumns =
  "created_at" | "actor_id" | "actor_name" | "action" | "subject_type" | "subject" | "before" | "after";
export type ActivityEntry = Pick<ActivityRow, ActivityColumns>;
export type StockAdjustment = Omit<StockAdjustmentTable, "id">;

interface Owner {
  id: string;
  name: string;
}

/** Sales per variant and period, less what refunds put back then: what each restock brings the stock back up by. */
function restocks(history: ShopHistory, periods: number) {
  const needed = new Map<number, { productId: number; byPeriod: number[] }>();
  const add = (item: { product_id: number; variant_id: number }, at: number, units: number) => {
    const period = Math.min(periods - 1, Math.max(0, Math.floor((at - history.start) / RESTOCK_PERIOD_MS)));
    const sold = needed.get(item.variant_id) ?? {
      productId: item.product_id,
      byPeriod: Array.from({ length: periods }, () => 0),
    };
    sold.byPeriod[period]! += units;
    needed.set(item.variant_id, sold);
  };
  const refundsBack: StockAdjustment[] = [];
  for (const { row, items, restocked } of history.orders) {
    if (!HOLDING.has(row.status)) continue;
    for (const item of items) {
      add(item, row.created_at, item.quantity);
      if (restocked) {
        add(item, row.refunded_at!, -item.quantity);
        refundsBack.push({
          product_id: item.product_id,
          variant_id: item.variant_id,
          delta: item.quantity,
          reason: `refund of ${row.number}`,
          created_at: row.refunded_at!,
        });
      }
    }
  }
  return { needed, refundsBack };
}

/**
 * The owner's side of the history: the activity log (`entries` of them:
 * shipments, refunds, restocks and product edits since the log began) and
 * the stock adjustments that keep DESIGN.md's invariant with the stock the
 * catalog has now: each period's restock brings back what it sold.
 */
export function ownerHistory(
  history: ShopHistory,
  options: { products: CatalogProduct[]; owner: Owner; entries: number; now: number },
) {
  const random = seededRandom(2029);
  const entry = (
    at: number,
    action: string,
    subjectType: string,
    subject: string,
    before: object,
    after: object,
  ): ActivityEntry => ({
    created_at: at,
    actor_id: options.owner.id,
    actor_name: options.owner.name,
    action,
    subject_type: subjectType,
    subject,
    before: JSON.stringify(before),
    after: JSON.stringify(after),
  });
  const logged: ActivityEntry[] = [];
  for (const { row, restocked } of history.orders) {
    if (row.shipped_at !== null) {
      logged.push(
        entry(
          row.shipped_at,
          "order.shipped",
          "order",
          row.number,
          { status: "paid" },
          { status: "shipped", carrier: row.carrier, trackingNumber: row.tracking_number },
        ),
      );
    }
    if (row.refunded_at !== null) {
      const before = { status: row.shipped_at !== null ? "shipped" : "paid" };
      logged.push(
        entry(row.refunded_at, "order.refunded", "order", row.number, before, {
          status: "refunded",
          amountCents: row.amount_cents,
          restocked,
        }),
      );
    }
  }
  const periods = Math.ceil((options.now - history.start) / RESTOCK_PERIOD_MS);
  const { needed, refundsBack } = restocks(history, periods);
  const adjustments: StockAdjustment[] = [...refundsBack];
  for (const [variantId, { productId, byPeriod }] of needed) {
    for (const [period, delta] of byPeriod.entries()) {
      if (delta === 0) continue;
      const at = history.start + period * RESTOCK_PERIOD_MS + random.int(8, 20) * HOUR_MS;
      const reason = delta > 0 ? "restock" : "counted";
      adjustments.push({ product_id: productId, variant_id: variantId, delta, reason, created_at: at });
      const before = random.int(0, 5);
      logged.push(
        entry(at, "product.stock", "product", String(productId), { stock: before }, { stock: before + delta, reason }),
      );
    }
  }
  // The log began when the shop got it: late enough that it holds `entries`, her product edits since among them.
  logged.sort((a, b) => b.created_at - a.created_at);
  const edits = Math.round(options.entries * EDIT_SHARE);
  const kept = logged.slice(0, options.entries - edits);
  const logStart = kept.at(-1)?.created_at ?? history.start;
  for (let index = 0; index < edits; index++) {
    const product = random.pick(options.products);
    const [before, after] = random.chance(0.5)
      ? [{ priceCents: product.price_cents - 100 }, { priceCents: product.price_cents }]
      : [{ lowStockAt: 3 }, { lowStockAt: random.int(4, 8) }];
    kept.push(entry(random.int(logStart, options.now), "product.edited", "product", String(product.id), before, after));
  }
  const byTime = (a: { created_at: number }, b: { created_at: number }) => a.created_at - b.created_at;
  return { activity: kept.sort(byTime), adjustments: adjustments.sort(byTime) };
}
