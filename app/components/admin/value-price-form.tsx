import { Form } from "react-router";
import { FieldError, FormField } from "~/components/form-field";
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
      <div className="form-field">
        <label htmlFor="value-price-value">Set the price of every</label>
        <select
          id="value-price-value"
          name="value"
          defaultValue={typed?.value}
          aria-invalid={errors.value ? true : undefined}
          aria-describedby={errors.value ? "value-price-value-error" : undefined}
        >
          {options.map((option, index) => (
            <optgroup key={option.name} label={option.name}>
              {option.values.map((value) => (
                <option key={value} value={`${index}:${value}`}>
                  {value}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <FieldError fieldId="value-price-value" error={errors.value} />
      </div>
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
