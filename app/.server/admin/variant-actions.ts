import { data } from "react-router";
import type { ProductAnswer } from "~/components/admin/product-answer";
import { valuePriceSchema, variantFormSchema } from "~/lib/catalog-schemas";
import { optionSlotsOf } from "~/lib/option-form";
import { formatDollars } from "~/lib/money";
import { fieldErrors } from "~/lib/zod";
import type { Db } from "../db";
import type { Actor } from "./activity";
import { saveOptions, saveVariant, setValuePrice } from "./variant-save";

/**
 * The answers of the product page's variant forms (options-form.tsx,
 * variant-rows.tsx, value-price-form.tsx), one each: every answer stands
 * beside its form. product-actions.ts sends each form here by its intent.
 */

interface ActionOptions {
  actor: Actor;
  now: number;
}

const variantCount = (variants: number) => `${variants} ${variants === 1 ? "variant" : "variants"}`;

/** Options: the three slots' names and values, as the form posts them. */
export async function answerOptions(db: Db, productId: number, form: FormData, options: ActionOptions) {
  const names = form.getAll("optionName").map(String);
  const typed = form.getAll("optionValues").map(String);
  const outcome = await saveOptions(db, productId, optionSlotsOf(names, typed), options);
  if (outcome.kind === "not_found") throw data(null, { status: 404 });
  if (outcome.kind === "refused")
    return data<ProductAnswer>(
      {
        optionsError: { slot: outcome.slot, field: outcome.field, message: outcome.message, names, values: typed },
      },
      { status: 400 },
    );
  const archived = outcome.archived.length > 0 ? ` Archived, with their stock: ${outcome.archived.join(", ")}.` : "";
  return data<ProductAnswer>({ optionsNotice: `Options saved: ${variantCount(outcome.variants)}.${archived}` });
}

/** One variant's row: Price, SKU, Weight (oz), Photo and Available. */
export async function answerVariant(db: Db, productId: number, values: Record<string, string>, options: ActionOptions) {
  const parsed = variantFormSchema.safeParse(values);
  const variant = Number(values.variant) || 0;
  const refuse = (fields: Record<string, string>) =>
    data<ProductAnswer>({ variantError: { variant, fields, values } }, { status: 400 });
  if (!parsed.success) return refuse(fieldErrors(parsed.error.issues));
  const outcome = await saveVariant(
    db,
    {
      productId,
      variantId: parsed.data.variant,
      priceCents: parsed.data.price,
      sku: parsed.data.sku,
      weight: parsed.data.weight,
      image: parsed.data.image,
      available: parsed.data.available !== undefined,
    },
    options,
  );
  if (outcome.kind === "not_found") throw data(null, { status: 404 });
  if (outcome.kind === "refused") return refuse({ [outcome.field]: outcome.message });
  return data<ProductAnswer>({ variantNotice: { variant, message: `Saved ${outcome.label}.` } });
}

/** "Set every 12 oz to $24": one price for every variant with a value. */
export async function answerValuePrice(
  db: Db,
  productId: number,
  values: Record<string, string>,
  options: ActionOptions,
) {
  const parsed = valuePriceSchema.safeParse(values);
  const refuse = (fields: Record<string, string>) =>
    data<ProductAnswer>({ valuePriceError: { fields, values } }, { status: 400 });
  if (!parsed.success) return refuse(fieldErrors(parsed.error.issues));
  const outcome = await setValuePrice(db, { productId, ...parsed.data.value, priceCents: parsed.data.price }, options);
  if (outcome.kind === "not_found") throw data(null, { status: 404 });
  if (outcome.kind === "refused") return refuse({ value: outcome.message });
  return data<ProductAnswer>({
    valuePriceNotice: `Every ${outcome.value} now costs ${formatDollars(parsed.data.price)} (${variantCount(outcome.variants)}).`,
  });
}
