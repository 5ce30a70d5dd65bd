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
 * The product page's variant forms (options-form.tsx, variant-rows.tsx,
 * value-price-form.tsx), by intent: each answer stands beside its form.
 */
export type VariantIntent = "options" | "variant" | "value-price";

export async function answerVariantForm(
  db: Db,
  productId: number,
  intent: VariantIntent,
  form: FormData,
  options: { actor: Actor; now: number },
) {
  const values = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  switch (intent) {
    case "options": {
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
      const archived =
        outcome.archived.length > 0 ? ` Archived, with their stock: ${outcome.archived.join(", ")}.` : "";
      const count = `${outcome.variants} ${outcome.variants === 1 ? "variant" : "variants"}`;
      return data<ProductAnswer>({ optionsNotice: `Options saved: ${count}.${archived}` });
    }
    case "variant": {
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
    case "value-price": {
      const parsed = valuePriceSchema.safeParse(values);
      const refuse = (fields: Record<string, string>) =>
        data<ProductAnswer>({ valuePriceError: { fields, values } }, { status: 400 });
      if (!parsed.success) return refuse(fieldErrors(parsed.error.issues));
      const outcome = await setValuePrice(
        db,
        { productId, ...parsed.data.value, priceCents: parsed.data.price },
        options,
      );
      if (outcome.kind === "not_found") throw data(null, { status: 404 });
      if (outcome.kind === "refused") return refuse({ value: outcome.message });
      const count = `${outcome.variants} ${outcome.variants === 1 ? "variant" : "variants"}`;
      return data<ProductAnswer>({
        valuePriceNotice: `Every ${outcome.value} now costs ${formatDollars(parsed.data.price)} (${count}).`,
      });
    }
  }
}
