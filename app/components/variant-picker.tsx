import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { type Product, shownVariant } from "~/lib/catalog";
import { choose, type ProductOption, type Variant, valueState } from "~/lib/variants";

export const SOLD_OUT = "Sold out";

interface VariantPickerProps {
  options: ProductOption[];
  variants: Variant[];
  chosen: Variant;
  onChoose: (variant: Variant) => void;
}

/**
 * One radio group per option (DESIGN.md, "Sizes and scents"). A value that
 * cannot be bought with the other choices is disabled and says so; choosing
 * a value goes through `choose`, so a combination that does not exist is
 * never chosen.
 */
export function VariantPicker({ options, variants, chosen, onChoose }: VariantPickerProps) {
  const name = useId();
  return (
    <div className="variant-picker">
      {options.map((option, index) => (
        <fieldset key={option.name} className="variant-picker__option">
          <legend className="variant-picker__name">{option.name}</legend>
          <div className="variant-picker__values">
            {option.values.map((value) => {
              const soldOut = valueState(variants, chosen.values, index, value) === "sold_out";
              return (
                <label key={value} className="variant-chip">
                  <input
                    type="radio"
                    className="variant-chip__input"
                    name={`${name}-${index}`}
                    value={value}
                    checked={chosen.values[index] === value}
                    disabled={soldOut}
                    onChange={() => {
                      const next = choose(variants, chosen.values, index, value);
                      if (next) onChoose(next);
                    }}
                  />
                  <span className="variant-chip__value">{value}</span>
                  {soldOut ? <span className="variant-chip__note"> {SOLD_OUT}</span> : null}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

/**
 * The variant a product page shows, from its `?variant=`, and how a choice
 * changes it: the address is replaced, no entry added to the history. The
 * choice shows at once, before the router has taken the new address in,
 * so a radio never flicks back; another address (a link to another
 * variant) wins over it.
 */
export function useChosenVariant(product: Pick<Product, "options" | "variants">) {
  const [search, setSearch] = useSearchParams();
  const [picked, setPicked] = useState<{ on: string; variant: Variant }>();
  const shown = picked?.on === search.toString() ? picked.variant : shownVariant(product, search);
  const pick = (variant: Variant) => {
    setPicked({ on: search.toString(), variant });
    setSearch(
      (current) => {
        current.set("variant", String(variant.id));
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return [shown, pick] as const;
}
