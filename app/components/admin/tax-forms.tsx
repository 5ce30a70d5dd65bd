import { Form } from "react-router";
import { FormField } from "~/components/form-field";
import { US_STATES } from "~/lib/us-states";
import { SelectField } from "../select-field";
import { RemoveForm } from "./remove-form";
import { type SetupAnswer, answerFor } from "./setup-answer";

// No state first: a form that started on Alabama added Alabama when the owner missed the field.
const STATE_OPTIONS = [
  { value: "", label: "Choose a state" },
  ...US_STATES.map((state) => ({ value: state.code, label: state.name })),
];

/** Add state: a new tax state, or a new rate for one already there. */
export function TaxStateForm({ answer }: { answer: SetupAnswer | undefined }) {
  const { errors, values } = answerFor(answer, "state");
  return (
    <Form method="post" className="admin-section stock-form" aria-labelledby="tax-state-title" key={answer?.notice}>
      <h2 id="tax-state-title" className="admin-section__title">
        Add a tax state
      </h2>
      <SelectField
        label="State"
        name="state"
        options={STATE_OPTIONS}
        defaultValue={values.state}
        error={errors.state}
      />
      <FormField
        label="Rate (%)"
        name="rate"
        required
        inputMode="decimal"
        hint="From 0 to 20, up to four decimals, like 6.25. Adding a state already listed changes its rate."
        defaultValue={values.rate}
        error={errors.rate}
      />
      <label className="product-form__check">
        <input type="checkbox" name="taxShipping" defaultChecked={values.taxShipping === "on"} />
        Tax shipping
      </label>
      <button type="submit" name="intent" value="state" className="button button--primary">
        Add state
      </button>
    </Form>
  );
}

/**
 * The ZIP rate table: how many rates each state has, each with **Remove ZIP
 * rates**, and the upload that replaces the states it names. The removals
 * are forms of their own, beside the upload's, as forms cannot nest.
 */
export function ZipRatesForm({
  answer,
  zipRates,
}: {
  answer: SetupAnswer | undefined;
  zipRates: { state: string; name: string; count: number }[];
}) {
  const { errors, problems } = answerFor(answer, "upload");
  return (
    <section className="admin-section stock-form" aria-labelledby="zip-rates-title">
      <h2 id="zip-rates-title" className="admin-section__title">
        ZIP rates
      </h2>
      <p className="admin-card__detail">
        Local rates differ by ZIP code: a ZIP code’s rate replaces its state’s. Upload a CSV with the columns State,
        ZipCode and EstimatedCombinedRate (0.0725 for 7.25 %), as the free monthly tables publish them, for states added
        above. It replaces the ZIP rates of the states it names and leaves the others.
      </p>
      {zipRates.length === 0 ? (
        <p className="admin-empty">No ZIP rates: each tax state’s own rate applies.</p>
      ) : (
        <ul className="admin-cards">
          {zipRates.map((row) => (
            <li key={row.state} className="admin-card zone-rate">
              <p className="admin-card__title">{`${row.name}: ${row.count} ZIP ${row.count === 1 ? "rate" : "rates"}`}</p>
              <RemoveForm
                intent="remove-zip-rates"
                name="state"
                value={row.state}
                label={`Remove the ZIP rates of ${row.name}`}
                question={`Remove the ${row.count} ZIP ${row.count === 1 ? "rate" : "rates"} of ${row.name}? Its state rate applies across it again.`}
                keep="Keep them"
              >
                Remove ZIP rates
              </RemoveForm>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" encType="multipart/form-data" className="zip-rates-upload" key={answer?.notice}>
        <div className="form-field">
          <label htmlFor="zip-rates-file">ZIP rates (CSV)</label>
          <input
            id="zip-rates-file"
            type="file"
            name="zipRates"
            accept=".csv,text/csv"
            required
            aria-invalid={errors.zipRates ? true : undefined}
            aria-describedby={errors.zipRates ? "zip-rates-error" : undefined}
          />
          {errors.zipRates ? (
            <div className="form-field__error" id="zip-rates-error" role="alert">
              <p>{errors.zipRates}</p>
              {problems.length > 0 ? (
                <ul className="zip-rates-problems">
                  {problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
        </div>
        <button type="submit" name="intent" value="upload" className="button button--primary">
          Upload
        </button>
      </Form>
    </section>
  );
}
