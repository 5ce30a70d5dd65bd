import type { Trx } from "../db";
import { lockedInIdOrder } from "../db/locks";

/**
 * Writing products' variants as a catalog import (or any write that sets a
 * product's variants outright) wants them: the variants it lists are
 * inserted or updated, the ones it no longer lists are archived (migration
 * 033: kept for the orders that name them, gone from the shop, their SKU
 * freed), and every change of stock is kept as a stock adjustment, so
 * DESIGN.md's invariant holds per variant. A batch of products at a time;
 * their variants are read locked in id order, as a checkout locks them.
 */

/** A variant as a write wants it; without an id, the product's one variant without options (or a new one). */
export interface WantedVariant {
  id?: number;
  values: string[];
  priceCents: number;
  stock: number;
  sku: string | null;
  /** Hundredths of an ounce; undefined keeps the weight the variant has. */
  weight: number | null | undefined;
  image: number | null;
}

export interface ProductVariants {
  productId: number;
  variants: WantedVariant[];
}

/** Hands out ids for new variants: the product's own number when free, else the next above every id in use. */
export class VariantIds {
  private constructor(
    private readonly taken: Set<number>,
    private next: number,
  ) {}

  /** Reads the ids in use, and reserves the ones the write names itself. */
  static async of(trx: Trx, named: Iterable<number>) {
    const taken = new Set((await trx.selectFrom("variants").select("id").execute()).map((row) => row.id));
    for (const id of named) taken.add(id);
    return new VariantIds(taken, Math.max(0, ...taken) + 1);
  }

  take(preferred: number): number {
    const id = this.taken.has(preferred) ? this.next++ : preferred;
    this.taken.add(id);
    return id;
  }
}

/**
 * Sets the variants of a batch of products, which exist already; a variant
 * new to the shop is for sale. `ids` hands out the ids of variants without
 * one: a write that names every variant's id has none to give.
 */
export async function syncVariants(
  trx: Trx,
  batch: ProductVariants[],
  change: { reason: string; now: number },
  ids?: VariantIds,
): Promise<void> {
  if (batch.length === 0) return;
  const existing = await lockedInIdOrder(
    trx,
    trx
      .selectFrom("variants")
      .select(["id", "product_id", "option_values", "stock", "weight"])
      .where(
        "product_id",
        "in",
        batch.map((product) => product.productId),
      )
      .where("archived", "=", 0),
  ).execute();
  const byProduct = new Map<number, typeof existing>();
  for (const row of existing) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);
  const current = new Map(existing.map((row) => [row.id, row]));
  const newId = (productId: number) => {
    if (!ids) throw new Error(`A new variant of product ${productId} has no id`);
    return ids.take(productId);
  };

  const rows = batch.flatMap(({ productId, variants }) =>
    variants.map((variant, position) => {
      const id =
        variant.id ??
        // One variant without options keeps the id it has: carts and stock records name it.
        (byProduct.get(productId)?.find((row) => row.option_values === "[]") ?? byProduct.get(productId)?.[0])?.id ??
        newId(productId);
      const weight = variant.weight === undefined ? (current.get(id)?.weight ?? null) : variant.weight;
      return {
        id,
        product_id: productId,
        position,
        option_values: JSON.stringify(variant.values),
        price_cents: variant.priceCents,
        stock: variant.stock,
        sku: variant.sku,
        weight,
        image: variant.image,
      };
    }),
  );
  const kept = new Set(rows.map((row) => row.id));
  const leaving = existing.filter((row) => !kept.has(row.id));

  const adjustments = [
    ...rows.map((row) => ({ row, delta: row.stock - (current.get(row.id)?.stock ?? 0) })),
    ...leaving.map((row) => ({ row, delta: -row.stock })),
  ]
    .filter(({ delta }) => delta !== 0)
    .map(({ row, delta }) => ({
      product_id: row.product_id,
      variant_id: row.id,
      delta,
      reason: change.reason,
      created_at: change.now,
    }));
  if (adjustments.length > 0) await trx.insertInto("stock_adjustments").values(adjustments).execute();

  if (leaving.length > 0)
    await trx
      .updateTable("variants")
      .set({ archived: 1, stock: 0, sku: null })
      .where(
        "id",
        "in",
        leaving.map((row) => row.id),
      )
      .execute();
  const written = await trx
    .insertInto("variants")
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .column("id")
        .doUpdateSet((eb) => ({
          position: eb.ref("excluded.position"),
          option_values: eb.ref("excluded.option_values"),
          price_cents: eb.ref("excluded.price_cents"),
          stock: eb.ref("excluded.stock"),
          sku: eb.ref("excluded.sku"),
          weight: eb.ref("excluded.weight"),
          image: eb.ref("excluded.image"),
          archived: 0,
        }))
        // A variant never changes product: its orders and stock records name both.
        .whereRef("variants.product_id", "=", "excluded.product_id"),
    )
    .executeTakeFirstOrThrow();
  if (Number(written.numInsertedOrUpdatedRows ?? 0n) !== rows.length) throw new VariantIdTaken();
}

/**
 * A new variant's id that another product's write took first: on
 * PostgreSQL two writes can both read the same highest id before either
 * commits. The transaction is rolled back and run again
 * (`againIfVariantIdTaken`), when the other's variants are there to see.
 */
export class VariantIdTaken extends Error {
  constructor() {
    super("A new variant's id was taken by another write at the same time");
  }
}

/** Runs `write` (a whole transaction) again when another write took one of its new variants' ids. */
export async function againIfVariantIdTaken<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof VariantIdTaken) || attempt === 3) throw error;
    }
  }
}

/**
 * Takes these SKUs from the variants holding them, before a write that
 * hands them out again: a SKU may move from one of its products' variants
 * to another's, and the unique index would refuse the move half-way.
 */
export async function releaseSkus(trx: Trx, skus: string[]) {
  for (let start = 0; start < skus.length; start += 500)
    await trx
      .updateTable("variants")
      .set({ sku: null })
      .where("sku", "in", skus.slice(start, start + 500))
      .execute();
}
