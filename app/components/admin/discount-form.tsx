import { Form } from "react-router";
import { FormField } from "~/components/form-field";
import { DISCOUNT_KINDS } from "~/lib/discount-schema";
import { SelectField } from "../select-field";
import { type SetupAnswer, answerFor } from "./setup-answer";

/** The form's fields as typed: a new code's are empty, an edited code's are its own. */
export type DiscountFormValues = Record<
  "id" | "code" | "kind" | "value" | "minimum" | "starts" | "ends" | "totalUses" | "oncePerCustomer" | "active",
  string
>;

/** New code, or Edit {code}: every refusal stands beside its field, with what was typed. */
export function DiscountForm({ answer, initial }: { answer: SetupAnswer | undefined; initial: DiscountFormValues }) {
  const { errors, values: typed } = answerFor(answer, "discount");
  const values = answer?.error?.form === "discount" ? typed : initial;
  const editing = initial.id !== "";
  return (
    <Form
      method="post"
      className="admin-section stock-form"
      aria-labelledby="discount-form-title"
      key={`${initial.id}-${answer?.notice ?? ""}`}
    >
      <h2 id="discount-form-title" className="admin-section__title">
        {editing ? `Edit ${initial.code}` : "New code"}
      </h2>
      <input type="hidden" name="id" value={initial.id} />
      <FormField
        label="Code"
        name="code"
        required
        autoCapitalize="characters"
        hint="Letters and digits; shoppers may type it in any case."
        defaultValue={values.code}
        error={errors.code}
      />
      <SelectField
        label="Kind"
        name="kind"
        options={DISCOUNT_KINDS}
        defaultValue={values.kind || "percent"}
        error={errors.kind}
      />
      <FormField
        label="Value"
        name="value"
        inputMode="decimal"
        hint="A percent from 1 to 100, or dollars off; empty for free shipping."
        defaultValue={values.value}
        error={errors.value}
      />
      <FormField
        label="Minimum subtotal"
        name="minimum"
        inputMode="decimal"
        hint="Dollars of items before the discount; optional."
        defaultValue={values.minimum}
        error={errors.minimum}
      />
      <FormField label="Starts" name="starts" type="date" defaultValue={values.starts} error={errors.starts} />
      <FormField
        label="Ends"
        name="ends"
        type="date"
        hint="Both days included, in the shop’s time zone."
        defaultValue={values.ends}
        error={errors.ends}
      />
      <FormField
        label="Total uses"
        name="totalUses"
        inputMode="numeric"
        hint="Optional: empty for no limit."
        defaultValue={values.totalUses}
        error={errors.totalUses}
      />
      <label className="product-form__check">
        <input type="checkbox" name="oncePerCustomer" defaultChecked={values.oncePerCustomer === "on"} />
        One per customer
      </label>
      <label className="product-form__check">
        <input type="checkbox" name="active" defaultChecked={values.active === "on"} />
        Active
      </label>
      <button type="submit" name="intent" value="save" className="button button--primary">
        Save
      </button>
    </Form>
  );
}
