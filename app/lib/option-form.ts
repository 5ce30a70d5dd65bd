import { MAX_OPTIONS, MAX_OPTION_TEXT, MAX_VARIANTS, type ProductOption, optionsProblem } from "./variants";

/**
 * The back office's Options form (DESIGN.md, "Sizes and scents"): three
 * slots, each an **Option name** and its **Values** typed on one line with
 * commas ("8 oz, 12 oz"), which a phone's keyboard types without a second
 * field per value. A slot left blank is no option; the slot an option was
 * shown in is how a save knows a renamed or removed one.
 */

/** Values as typed, split on commas, trimmed, blanks (a trailing comma) dropped. */
export const splitValues = (typed: string) =>
  typed
    .split(",")
    .map((value) => value.trim())
    .filter((value) => value !== "");

/** Values as the Values field shows them. */
export const valuesText = (values: readonly string[]) => values.join(", ");

/** The options of the form's slots, in order: null where a slot is left blank. */
export function optionSlotsOf(names: readonly string[], values: readonly string[]): (ProductOption | null)[] {
  return Array.from({ length: MAX_OPTIONS }, (_, slot) => {
    const name = (names[slot] ?? "").trim();
    const typed = splitValues(values[slot] ?? "");
    return name === "" && typed.length === 0 ? null : { name, values: typed };
  });
}

/** How many variants the options make: one per combination of their values. */
export const combinationCount = (options: readonly ProductOption[]) =>
  options.reduce((count, option) => count * option.values.length, 1);

/** Every combination of the options' values, the first option's changing slowest ([] without options). */
export const combinations = (options: readonly ProductOption[]): string[][] =>
  options.reduce<string[][]>(
    (made, option) => made.flatMap((start) => option.values.map((value) => [...start, value])),
    [[]],
  );

export interface OptionsRefusal {
  slot: number;
  field: "name" | "values";
  message: string;
}

/**
 * What is wrong with the slots, beside the field it is about: the first
 * slot whose option `optionsProblem` refuses, or the last one when the
 * options make more than MAX_VARIANTS combinations.
 */
export function optionsRefusal(slots: readonly (ProductOption | null)[]): OptionsRefusal | undefined {
  const filled = slots.flatMap((option, slot) => (option ? [{ option, slot }] : []));
  for (let count = 1; count <= filled.length; count++) {
    const message = optionsProblem(filled.slice(0, count).map(({ option }) => option));
    if (message) {
      const { option, slot } = filled[count - 1]!;
      const name = option.name.trim().toLowerCase();
      const aboutName =
        name === "" ||
        name.length > MAX_OPTION_TEXT ||
        filled.slice(0, count - 1).some((earlier) => earlier.option.name.trim().toLowerCase() === name);
      return { slot, field: aboutName ? "name" : "values", message };
    }
  }
  const count = combinationCount(filled.map(({ option }) => option));
  if (count > MAX_VARIANTS)
    return {
      slot: filled.at(-1)!.slot,
      field: "values",
      message: `These values make ${count} variants; a product has at most ${MAX_VARIANTS}.`,
    };
  return undefined;
}
