import { Form } from "react-router";
import { FormField } from "~/components/form-field";
import { Notice } from "~/components/admin/notices";
import type { ProductAnswer } from "~/components/admin/product-answer";
import { valuesText } from "~/lib/option-form";
import { MAX_OPTIONS, type ProductOption } from "~/lib/variants";

/**
 * A product's Options (DESIGN.md, "Sizes and scents"): up to three, each an
 * Option name and its Values on one line. The product's options fill the
 * first slots and one more stands empty, for adding one; saving makes a
 * variant per combination (app/.server/admin/option-changes.ts has the rule
 * the text states).
 */
export function OptionsForm({ options, answer }: { options: ProductOption[]; answer: ProductAnswer | undefined }) {
  const refused = answer?.optionsError;
  const slots = Math.min(MAX_OPTIONS, Math.max(refused?.names.length ?? 0, options.length + 1));
  const saved = options.map((option) => `${option.name}=${option.values.join()}`).join(";");
  return (
    <Form method="post" className="admin-section product-form" aria-labelledby="options-title" key={saved}>
      <h2 id="options-title" className="admin-section__title">
        Options
      </h2>
      <p className="form-field__hint">
        Sizes or scents, up to three. Each combination of values becomes a variant with its own price and stock. A value
        you retype in its place keeps its variant; a variant whose value you remove is archived, its stock set to 0, and
        past orders keep it. Empty an option&apos;s name and values to remove it.
      </p>
      <Notice>{answer?.optionsNotice}</Notice>
      <input type="hidden" name="intent" value="options" />
      {Array.from({ length: slots }, (_, slot) => {
        const error = (field: "name" | "values") =>
          refused?.slot === slot && refused.field === field ? refused.message : undefined;
        return (
          <fieldset key={slot} className="stock-form options-form__option">
            <legend>{`Option ${slot + 1}`}</legend>
            <FormField
              label="Option name"
              name="optionName"
              maxLength={50}
              placeholder={slot === 0 ? "Size" : "Scent"}
              defaultValue={refused ? (refused.names[slot] ?? "") : (options[slot]?.name ?? "")}
              error={error("name")}
            />
            <FormField
              label="Values"
              name="optionValues"
              hint="Separated by commas, like 8 oz, 12 oz"
              defaultValue={refused ? (refused.values[slot] ?? "") : valuesText(options[slot]?.values ?? [])}
              error={error("values")}
            />
          </fieldset>
        );
      })}
      <button type="submit" className="button button--primary">
        Save options
      </button>
    </Form>
  );
}
