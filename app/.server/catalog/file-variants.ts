import { z } from "zod";
import { catalogNumber, price, stock, weight } from "./file-fields";
import { isCombination, MAX_VARIANTS, optionsProblem, type ProductOption, variantLabel } from "~/lib/variants";

/**
 * Sizes and scents in the catalog file (DESIGN.md, "Sizes and scents"): an
 * item may add `options` and one variant per combination of their values
 * that exists. The shapes are checked by zod; what spans entries (a
 * combination, ids and SKUs unique across the file, a photo of the item)
 * by `FileVariants`, which file.ts turns into the import's error.
 */

export const MAX_SKU_LENGTH = 100;

export const catalogOptionSchema = z.strictObject({
  name: z.string().trim(),
  values: z.array(z.string().trim()).max(MAX_VARIANTS, `must list at most ${MAX_VARIANTS} values`),
});

export const catalogVariantSchema = z.strictObject({
  id: catalogNumber,
  options: z.array(z.string("must be a list of values").trim()),
  price,
  stock,
  sku: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(MAX_SKU_LENGTH, `must be at most ${MAX_SKU_LENGTH} characters`)
    .optional(),
  /** Left out, the variant keeps the weight it has (a new one: the item's, if it gives one). */
  weight: weight.optional(),
  /** An index into the item's `images`; left out, the first. */
  image: z.number().int("must be a whole number").min(0, "must not be negative").optional(),
});

export type CatalogVariant = z.output<typeof catalogVariantSchema>;

/** How the import names a variant: by its values ("12 oz / Lavender"), or by its place when it has none. */
export const variantName = (values: unknown, index: number) =>
  Array.isArray(values) && values.length > 0 && values.every((value) => typeof value === "string")
    ? `"${variantLabel(values)}"`
    : String(index + 1);

/** What is wrong with an item's options or variants: which variant (if one), which field, and why. */
export interface VariantProblem {
  variant?: string;
  field: string;
  message: string;
}

interface ItemWithVariants {
  id: number;
  images: string[];
  options?: ProductOption[];
  variants?: CatalogVariant[];
}

/** Checks items one after the other, remembering the variant ids and SKUs of those before. */
export class FileVariants {
  /** Where each variant id and SKU is used so far: 'item 1001, variant "8 oz"'. */
  private readonly ids = new Map<number, string>();
  private readonly skus = new Map<string, string>();

  problemOf(item: ItemWithVariants): VariantProblem | undefined {
    const options = item.options ?? [];
    const variants = item.variants ?? [];
    if (options.length > 0 && variants.length === 0)
      return { field: "variants", message: "an item with options must list its variants" };
    if (variants.length > 0 && options.length === 0)
      return { field: "options", message: "an item with variants must list its options" };
    const problem = optionsProblem(options);
    if (problem) return { field: "options", message: problem };
    const combinations = new Map<string, string>();
    for (const [index, variant] of variants.entries()) {
      const name = variantName(variant.options, index);
      const found = this.variantProblem(item, options, variant, combinations);
      if (found) return { variant: name, ...found };
      const where = `item ${item.id}, variant ${name}`;
      combinations.set(JSON.stringify(variant.options), name);
      this.ids.set(variant.id, where);
      if (variant.sku !== undefined) this.skus.set(variant.sku, where);
    }
    return undefined;
  }

  private variantProblem(
    item: ItemWithVariants,
    options: ProductOption[],
    variant: CatalogVariant,
    combinations: Map<string, string>,
  ): Omit<VariantProblem, "variant"> | undefined {
    if (!isCombination(options, variant.options))
      return {
        field: "options",
        message: `must be one value of each option, in order (${options.map((option) => option.name).join(" / ")})`,
      };
    const twin = combinations.get(JSON.stringify(variant.options));
    if (twin) return { field: "options", message: `variant ${twin} has the same values` };
    if (variant.image !== undefined && variant.image >= item.images.length)
      return {
        field: "image",
        message: `must be the index of one of the item's images, from 0 to ${item.images.length - 1}`,
      };
    const idUsed = this.ids.get(variant.id);
    if (idUsed) return { field: "id", message: `the variant id ${variant.id} is also used in ${idUsed}` };
    const skuUsed = variant.sku === undefined ? undefined : this.skus.get(variant.sku);
    if (skuUsed) return { field: "sku", message: `the SKU "${variant.sku}" is also used in ${skuUsed}` };
    return undefined;
  }
}
