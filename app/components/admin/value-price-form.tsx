import { Form } from "react-router";
import { FormField } from "~/components/form-field";
import { SelectField } from "~/components/select-field";
import { Notice } from "~/components/admin/notices";
import type { ProductAnswer } from "~/components/admin/product-answer";
import type { ProductOption } from "~/lib/variants";

/** "Set every 12 oz to $24" in one step: one price for every variant with a value. */
export function ValuePriceForm({ options, answer }: { options: ProductOption[]; answer: ProductAnswer | undefined }) {
  const errors = answer?.valuePriceError?.fields ?? {};
  const typed = answer?.valuePriceError?.values;
  return (
    <Form method="post" className="admin-section stock-form" aria-labelledby="value-price-title">
      <h2 id="value-price-title" className="admin-section__title">
        Price by value
      </h2>
      <Notice>{answer?.valuePriceNotice}</Notice>
      <input type="hidden" name="intent" value="value-price" />
      <SelectField label="Set the price of every" name="value" defaultValue={typed?.value} error={errors.value}>
        {options.map((option, index) => (
          <optgroup key={option.name} label={option.name}>
            {option.values.map((value) => (
              <option key={value} value={`${index}:${value}`}>
                {value}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      <FormField
        label="To"
        name="price"
        required
        inputMode="decimal"
        hint="In dollars, like 24"
        defaultValue={typed?.price}
        error={errors.price}
      />
      <button type="submit" className="button">
        Set prices
      </button>
    </Form>
  );
}
