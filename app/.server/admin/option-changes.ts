import { combinations } from "~/lib/option-form";
import type { ProductOption } from "~/lib/variants";

/**
 * Which variant each combination of a product's new options keeps, when the
 * owner saves its Options (the rule the page states):
 * - an option keeps its slot in the form: a slot emptied removes it, a new
 *   slot adds one, and every existing variant takes the new option's first
 *   value (so a product's one variant becomes its first combination);
 * - a value keeps its variants when its text is unchanged; otherwise, when
 *   its option has as many values as before, the new value in its place
 *   takes them over (a rename);
 * - a variant whose value is gone, or whose combination an earlier variant
 *   already took (an option removed), leaves: it is archived, not deleted.
 * Pure, so the rule is tested on its own (tests/unit/option-changes.test.ts).
 */

export interface CarriedCombination {
  values: string[];
  /** The variant that carries on as this combination; undefined for a new one. */
  from?: number;
}

export interface OptionChanges {
  /** Every combination of the new options, in order. */
  combinations: CarriedCombination[];
  /** The variants that leave. */
  leaving: number[];
}

/** Old value → new value for one option kept in its slot; a value gone maps to nothing. */
function valueMap(before: ProductOption, after: ProductOption) {
  const map = new Map<string, string>();
  const renamable = before.values.length === after.values.length;
  before.values.forEach((value, position) => {
    if (after.values.includes(value)) map.set(value, value);
    else if (renamable && !before.values.includes(after.values[position]!)) map.set(value, after.values[position]!);
  });
  return map;
}

/**
 * `before`: the product's options, slot by slot; `after`: the form's slots
 * (null: blank). `variants`: the product's variants in their order.
 */
export function carryVariants(
  before: readonly ProductOption[],
  after: readonly (ProductOption | null)[],
  variants: readonly { id: number; values: readonly string[] }[],
): OptionChanges {
  const kept = after.flatMap((option, slot) => (option ? [{ option, slot }] : []));
  const maps = kept.map(({ option, slot }) => (before[slot] ? valueMap(before[slot], option) : undefined));
  const taken = new Map<string, number>();
  const leaving: number[] = [];
  for (const variant of variants) {
    const values = kept.map(({ option, slot }, index) =>
      maps[index] ? maps[index].get(variant.values[slot]!) : option.values[0],
    );
    const key = JSON.stringify(values);
    if (values.some((value) => value === undefined) || taken.has(key)) leaving.push(variant.id);
    else taken.set(key, variant.id);
  }
  return {
    combinations: combinations(kept.map(({ option }) => option)).map((values) => ({
      values,
      from: taken.get(JSON.stringify(values)),
    })),
    leaving,
  };
}
