import { type OptionsRefusal, optionsRefusal } from "~/lib/option-form";
import { type ProductOption, parseOptions, parseValues, variantLabel } from "~/lib/variants";
import { formatOunces } from "~/lib/weight";
import { formatDollars } from "~/lib/money";
import { type Db, type Trx, transaction } from "../db";
import { lockForUpdate, lockedInIdOrder } from "../db/locks";
import { isUniqueViolation } from "../db/unique-violation";
import { catalogVersionBump } from "../catalog/version";
import { type WantedVariant, againIfVariantIdTaken, syncVariants } from "../catalog/variant-sync";
import { WEIGHT_NEEDED, checkWeightRule } from "../catalog/weight-rule";
import { type Actor, recordActivity } from "./activity";
import { carryVariants } from "./option-changes";
import { newVariantIds } from "./product-numbers";

/**
 * The owner's edits of a product's sizes and scents (DESIGN.md, "Sizes and
 * scents"), on its back-office page: its Options, one variant's row, and
 * one price for every variant with a value. Each runs in one transaction
 * with its activity entry and the catalog version; stock moves only as
 * stock.ts and variant-sync.ts move it, with its adjustment.
 */

interface EditOptions {
  actor: Actor;
  now: number;
}

/** The product, locked: two saves of its options never interleave. */
const lockedProduct = (trx: Trx, productId: number) =>
  lockForUpdate(
    trx,
    trx.selectFrom("products").select(["id", "name", "options", "images", "visible"]).where("id", "=", productId),
  ).executeTakeFirst();

/** The product's variants that are not archived, locked in id order, in the owner's order. */
async function lockedVariants(trx: Trx, productId: number) {
  const rows = await lockedInIdOrder(
    trx,
    trx.selectFrom("variants").selectAll().where("product_id", "=", productId).where("archived", "=", 0),
  ).execute();
  return rows.sort((a, b) => a.position - b.position || a.id - b.id);
}

const optionsInWords = (options: readonly ProductOption[]) =>
  options.length === 0 ? null : options.map((option) => `${option.name}: ${option.values.join(", ")}`).join("; ");

export type OptionsOutcome =
  | { kind: "saved"; variants: number; archived: string[] }
  | ({ kind: "refused" } & OptionsRefusal)
  | { kind: "not_found" };

/**
 * Saves the Options form's slots (null: left blank), making a variant for
 * every combination; option-changes.ts says which variant each keeps and
 * which leave, archived with their stock taken to 0 (variant-sync.ts). Run
 * again when another product's save took a new variant's id meanwhile.
 */
export function saveOptions(
  db: Db,
  productId: number,
  slots: (ProductOption | null)[],
  options: EditOptions,
): Promise<OptionsOutcome> {
  return againIfVariantIdTaken(() => savedOptions(db, productId, slots, options));
}

function savedOptions(
  db: Db,
  productId: number,
  slots: (ProductOption | null)[],
  options: EditOptions,
): Promise<OptionsOutcome> {
  return transaction(db, async (trx) => {
    const product = await lockedProduct(trx, productId);
    if (!product) return { kind: "not_found" };
    const refusal = optionsRefusal(slots);
    if (refusal) return { kind: "refused", ...refusal };
    const before = parseOptions(product.options);
    const after = slots.filter((option): option is ProductOption => option !== null);
    const current = await lockedVariants(trx, productId);
    const changes = carryVariants(
      before,
      slots,
      current.map((row) => ({ id: row.id, values: parseValues(row.option_values) })),
    );
    const byId = new Map(current.map((row) => [row.id, row]));
    const first = current[0]!;
    const added = changes.combinations.filter(({ from }) => from === undefined).length;
    const newIds = (await newVariantIds(trx, added, productId)).values();
    const wanted = changes.combinations.map(({ values, from }): WantedVariant => {
      const kept = from === undefined ? undefined : byId.get(from)!;
      // A new combination starts from the first variant's price and weight, with no stock.
      return kept
        ? {
            id: kept.id,
            values,
            priceCents: kept.price_cents,
            stock: kept.stock,
            sku: kept.sku,
            weight: kept.weight,
            image: kept.image,
          }
        : {
            id: newIds.next().value!,
            values,
            priceCents: first.price_cents,
            stock: 0,
            sku: null,
            weight: first.weight,
            image: null,
          };
    });
    await syncVariants(trx, [{ productId, variants: wanted }], { reason: "options changed", now: options.now });
    await trx
      .updateTable("products")
      .set({ options: JSON.stringify(after) })
      .where("id", "=", productId)
      .execute();

    const archived = changes.leaving.map(
      (id) => variantLabel(parseValues(byId.get(id)!.option_values)) || product.name,
    );
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await recordActivity(
        trx,
        options.actor,
        {
          action: "product.options",
          subjectType: "product",
          subject: String(productId),
          before: { options: optionsInWords(before) },
          after: { options: optionsInWords(after), ...(archived.length > 0 ? { archived: archived.join(", ") } : {}) },
        },
        options.now,
      );
      await catalogVersionBump(trx).execute();
    }
    return { kind: "saved", variants: wanted.length, archived };
  });
}

/** One variant's row as the owner saves it. */
export interface VariantEdit {
  productId: number;
  variantId: number;
  priceCents: number;
  sku: string | null;
  /** Hundredths of an ounce, or null for none. */
  weight: number | null;
  /** An index into the product's photos; null for the first. */
  image: number | null;
  available: boolean;
}

export type VariantOutcome =
  | { kind: "saved"; label: string }
  | { kind: "refused"; field: "sku" | "weight" | "image"; message: string }
  | { kind: "not_found" };

/** What the activity log keeps of a variant's row. */
const variantSummary = (row: {
  price_cents: number;
  sku: string | null;
  weight: number | null;
  image: number | null;
  available: number;
}): Record<string, unknown> => ({
  priceCents: row.price_cents,
  sku: row.sku,
  weightOz: row.weight === null ? null : formatOunces(row.weight),
  photo: (row.image ?? 0) + 1,
  available: row.available === 1,
});

const skuTaken = (sku: string): VariantOutcome => ({
  kind: "refused",
  field: "sku",
  message: `Another variant has the SKU ${sku}.`,
});

/**
 * Saves one variant's Price, SKU, Weight (oz), Photo and Available; a SKU
 * another variant has is refused, also when another product's variant took
 * it in a save running at the same time (PostgreSQL).
 */
export async function saveVariant(db: Db, edit: VariantEdit, options: EditOptions): Promise<VariantOutcome> {
  try {
    return await savedVariant(db, edit, options);
  } catch (error) {
    if (edit.sku !== null && isUniqueViolation(error, "variants", "sku")) return skuTaken(edit.sku);
    throw error;
  }
}

function savedVariant(db: Db, edit: VariantEdit, options: EditOptions): Promise<VariantOutcome> {
  return transaction(db, async (trx) => {
    const product = await lockedProduct(trx, edit.productId);
    const variant = product
      ? (await lockedVariants(trx, edit.productId)).find((row) => row.id === edit.variantId)
      : undefined;
    if (!product || !variant) return { kind: "not_found" };
    if (edit.sku !== null) {
      const other = await trx
        .selectFrom("variants")
        .select("id")
        .where("sku", "=", edit.sku)
        .where("id", "!=", edit.variantId)
        .executeTakeFirst();
      if (other) return skuTaken(edit.sku);
    }
    if (edit.image !== null && edit.image >= (JSON.parse(product.images) as string[]).length)
      return { kind: "refused", field: "image", message: "Choose one of the product's photos." };
    const rule = await checkWeightRule(trx, () => [
      { id: product.id, name: product.name, visible: product.visible === 1, weight: edit.weight },
    ]);
    if (rule.kind === "weight_missing") return { kind: "refused", field: "weight", message: WEIGHT_NEEDED };

    const changed = {
      price_cents: edit.priceCents,
      sku: edit.sku,
      weight: edit.weight,
      image: edit.image,
      available: edit.available ? 1 : 0,
    };
    await trx.updateTable("variants").set(changed).where("id", "=", variant.id).execute();
    const label = variantLabel(parseValues(variant.option_values));
    const was = variantSummary(variant);
    const now = variantSummary(changed);
    const fields = Object.keys(now).filter((field) => was[field] !== now[field]);
    if (fields.length > 0) {
      await recordActivity(
        trx,
        options.actor,
        {
          action: "product.variant",
          subjectType: "product",
          subject: String(product.id),
          before: Object.fromEntries(fields.map((field) => [field, was[field]])),
          after: { variant: label, ...Object.fromEntries(fields.map((field) => [field, now[field]])) },
        },
        options.now,
      );
      await catalogVersionBump(trx).execute();
    }
    return { kind: "saved", label };
  });
}

export type ValuePriceOutcome =
  { kind: "changed"; variants: number; value: string } | { kind: "refused"; message: string } | { kind: "not_found" };

/** "Set every 12 oz to $24": one price for every variant with `value` for the option at `option`. */
export function setValuePrice(
  db: Db,
  edit: { productId: number; option: number; value: string; priceCents: number },
  options: EditOptions,
): Promise<ValuePriceOutcome> {
  return transaction(db, async (trx) => {
    const product = await lockedProduct(trx, edit.productId);
    if (!product) return { kind: "not_found" };
    const name = parseOptions(product.options)[edit.option]?.name;
    const variants = (await lockedVariants(trx, edit.productId)).filter(
      (row) => parseValues(row.option_values)[edit.option] === edit.value,
    );
    if (name === undefined || variants.length === 0)
      return { kind: "refused", message: "Choose a value from the list: the options have changed." };
    await trx
      .updateTable("variants")
      .set({ price_cents: edit.priceCents })
      .where(
        "id",
        "in",
        variants.map((row) => row.id),
      )
      .execute();
    const prices = [...new Set(variants.map((row) => row.price_cents))];
    await recordActivity(
      trx,
      options.actor,
      {
        action: "product.value_price",
        subjectType: "product",
        subject: String(product.id),
        before: { value: `${name} ${edit.value}`, price: prices.map(formatDollars).join(", ") },
        after: { value: `${name} ${edit.value}`, price: formatDollars(edit.priceCents), variants: variants.length },
      },
      options.now,
    );
    await catalogVersionBump(trx).execute();
    return { kind: "changed", variants: variants.length, value: edit.value };
  });
}
