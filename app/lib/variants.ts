/**
 * Sizes and scents (DESIGN.md, "Sizes and scents"): a product's options and
 * variants, how a line is named, and how the product page's choices work.
 * Pure rules, shared by the server and the browser.
 */

/** An option of a product ("Size") and its values in order ("8 oz", "12 oz"). */
export interface ProductOption {
  name: string;
  values: string[];
}

/** What a shopper can pick: one combination of the product's option values. */
export interface Variant {
  id: number;
  /** One value per option, in the options' order; empty for a product without options. */
  values: string[];
  priceCents: number;
  /** What can be bought: 0 when sold out or taken off sale. */
  stock: number;
  /** Which of the product's photos shows it, an index into its images; null for the first. */
  image: number | null;
  /** The owner's stock-keeping unit, when she gave one (the product page's JSON-LD names it). */
  sku?: string | null;
}

export const MAX_OPTIONS = 3;
/** Variants one product may have: every combination of its values that exists. */
export const MAX_VARIANTS = 100;
/** Characters in an option's name or one of its values. */
export const MAX_OPTION_TEXT = 50;

/**
 * What is wrong with a product's options, in a sentence, or undefined: at
 * most 3, each named, names and values unique within their list, not blank
 * and at most 50 characters, each option with at least one value. Shared
 * by the back office's form and the catalog file.
 */
export function optionsProblem(options: readonly ProductOption[]): string | undefined {
  if (options.length > MAX_OPTIONS) return `A product has at most ${MAX_OPTIONS} options.`;
  const names = new Set<string>();
  for (const option of options) {
    const name = option.name.trim();
    if (name === "") return "Give each option a name, like Size.";
    if (name.length > MAX_OPTION_TEXT) return `An option's name has at most ${MAX_OPTION_TEXT} characters.`;
    if (names.has(name.toLowerCase())) return `The option ${name} is there twice.`;
    names.add(name.toLowerCase());
    if (option.values.length === 0) return `Give ${name} at least one value, like 8 oz.`;
    const values = new Set<string>();
    for (const value of option.values) {
      if (value.trim() === "") return `A value of ${name} is empty.`;
      if (value.length > MAX_OPTION_TEXT) return `A value of ${name} has at most ${MAX_OPTION_TEXT} characters.`;
      if (values.has(value.toLowerCase())) return `${name} has the value ${value} twice.`;
      values.add(value.toLowerCase());
    }
  }
  return undefined;
}

/** Whether `values` is one combination of the options' values, one per option in order. */
export const isCombination = (options: readonly ProductOption[], values: readonly string[]) =>
  values.length === options.length && values.every((value, index) => options[index]!.values.includes(value));

/** "12 oz" or "12 oz / Lavender": a variant's values as orders and CSVs name them. */
export const variantLabel = (values: readonly string[]) => values.join(" / ");

/** "Lavender Fields — 12 oz": a line's name; a product without options is its own name. */
export const lineName = (name: string, variant: string) => (variant === "" ? name : `${name} — ${variant}`);

/** A product's options as stored (products.options); anything else reads as none. */
export function parseOptions(json: string): ProductOption[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? (parsed as ProductOption[]) : [];
}

export const parseValues = (json: string) => JSON.parse(json) as string[];

const buyable = (variant: Variant) => variant.stock > 0;

const sameValues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** The variant with exactly these values, if that combination exists. */
export const variantWith = (variants: readonly Variant[], values: readonly string[]) =>
  variants.find((variant) => sameValues(variant.values, values));

/**
 * The variant a product page opens on: the one the URL names when it is
 * one of the product's, else the first that can be bought, else the first.
 */
export function initialVariant(variants: readonly Variant[], wanted: number | undefined): Variant | undefined {
  return variants.find((variant) => variant.id === wanted) ?? variants.find(buyable) ?? variants[0];
}

/**
 * What choosing `value` for option `index` leads to: the variant with it
 * and the other current choices when that combination exists, else the
 * variant with it that keeps the most of the other choices, one that can
 * be bought first. So a combination that does not exist is never chosen,
 * and no choice leaves the shopper stuck.
 */
export function choose(
  variants: readonly Variant[],
  current: readonly string[],
  index: number,
  value: string,
): Variant | undefined {
  const wanted = current.map((chosen, at) => (at === index ? value : chosen));
  const exact = variantWith(variants, wanted);
  if (exact) return exact;
  const kept = (variant: Variant) => variant.values.filter((chosen, at) => chosen === wanted[at]).length;
  let best: Variant | undefined;
  for (const variant of variants) {
    if (variant.values[index] !== value) continue;
    if (
      !best ||
      Number(buyable(variant)) > Number(buyable(best)) ||
      (buyable(variant) === buyable(best) && kept(variant) > kept(best))
    )
      best = variant;
  }
  return best;
}

/**
 * How each value of option `index` shows beside the current choices:
 * "sold_out" (disabled, says "Sold out") when choosing it cannot lead to a
 * variant that can be bought, else "available".
 */
export function valueState(
  variants: readonly Variant[],
  current: readonly string[],
  index: number,
  value: string,
): "available" | "sold_out" {
  const leadsTo = choose(variants, current, index, value);
  return leadsTo && buyable(leadsTo) ? "available" : "sold_out";
}

/** A product's prices: the lowest, and whether its variants differ ("From $X" on its card). */
export function priceRange(variants: readonly Pick<Variant, "priceCents">[]) {
  const prices = variants.map((variant) => variant.priceCents);
  return { lowestCents: Math.min(...prices), varies: new Set(prices).size > 1 };
}
