import { useState } from "react";
import { Form } from "react-router";
import { useHydrated } from "~/lib/browser-hooks";
import { FormField } from "~/components/form-field";
import { RATE_CONDITIONS } from "~/lib/pricing-schemas";
import { SelectField } from "../select-field";
import { RemoveForm } from "./remove-form";
import { type SetupAnswer, answerFor } from "./setup-answer";

export interface ZoneView {
  id: number;
  name: string;
  states: string[];
  rates: { id: number; name: string; price: string; estimate: string | null; condition: string }[];
}

/** A shipping zone on /admin/shipping: its states, its rates (each deletable), New rate, and Delete zone. */
export function ZoneCard({ zone, answer }: { zone: ZoneView; answer: SetupAnswer | undefined }) {
  const titleId = `zone-${zone.id}`;
  return (
    <li className="admin-card zone-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-card__title zone-card__title">
        {zone.name}
      </h2>
      <details className="zone-card__states">
        <summary>{`${zone.states.length} ${zone.states.length === 1 ? "state" : "states"}`}</summary>
        <p className="admin-card__detail">{zone.states.join(", ")}</p>
      </details>
      {zone.rates.length === 0 ? (
        <p className="admin-card__detail">No rate yet: checkout refuses this zone’s addresses until it has one.</p>
      ) : (
        <ul className="zone-rates" aria-label={`Rates of ${zone.name}`}>
          {zone.rates.map((rate) => (
            <li key={rate.id} className="zone-rate">
              <div>
                <p className="zone-rate__name">{`${rate.name} · ${rate.price}`}</p>
                <p className="admin-card__detail">
                  {rate.estimate ? `${rate.condition} · ${rate.estimate}` : rate.condition}
                </p>
              </div>
              <RemoveForm
                intent="deleteRate"
                name="id"
                value={rate.id}
                label={`Delete the rate ${rate.name} of ${zone.name}`}
                question={`Delete the rate ${rate.name} (${rate.price}) of ${zone.name}? Shoppers can no longer choose it.`}
                keep="Keep the rate"
              >
                Delete
              </RemoveForm>
            </li>
          ))}
        </ul>
      )}
      <NewRateForm zoneId={zone.id} answer={answer} />
      <RemoveForm
        intent="deleteZone"
        name="id"
        value={zone.id}
        label={`Delete the zone ${zone.name}`}
        question={deleteZoneQuestion(zone)}
        keep="Keep the zone"
        className="zone-card__delete"
      >
        Delete zone
      </RemoveForm>
    </li>
  );
}

function deleteZoneQuestion(zone: ZoneView) {
  const rates = zone.rates.length;
  if (rates === 0) return `Delete the zone ${zone.name}?`;
  return `Delete the zone ${zone.name} and its ${rates === 1 ? "rate" : `${rates} rates`}?`;
}

function NewRateForm({ zoneId, answer }: { zoneId: number; answer: SetupAnswer | undefined }) {
  const { errors, values } = answerFor(answer, `rate-${zoneId}`);
  const titleId = `new-rate-${zoneId}`;
  const hydrated = useHydrated();
  const [condition, setCondition] = useState(values.condition ?? "always");
  // Always has no range: hidden once the script runs; before it, Always refuses a filled one.
  const rangeShown = !hydrated || condition !== "always";
  return (
    <Form method="post" className="stock-form rate-form" aria-labelledby={titleId} key={answer?.notice}>
      <h3 id={titleId} className="rate-form__title">
        New rate
      </h3>
      <input type="hidden" name="zoneId" value={zoneId} />
      <FormField
        label="Rate name"
        name="name"
        required
        maxLength={100}
        hint="What the shopper sees, like USPS Ground Advantage"
        defaultValue={values.name}
        error={errors.name}
      />
      <FormField
        label="Price"
        name="price"
        required
        inputMode="decimal"
        hint="In dollars, like 6.95; 0 for free"
        defaultValue={values.price}
        error={errors.price}
      />
      <FormField
        label="Delivery estimate"
        name="estimate"
        maxLength={100}
        hint="Optional, like 3–5 business days"
        defaultValue={values.estimate}
        error={errors.estimate}
      />
      <SelectField
        label="Condition"
        name="condition"
        options={RATE_CONDITIONS}
        defaultValue={values.condition ?? "always"}
        onChange={(event) => setCondition(event.target.value)}
        error={errors.condition}
      />
      {rangeShown ? (
        <>
          <div className="rate-form__range">
            <FormField label="From" name="from" inputMode="decimal" defaultValue={values.from} error={errors.from} />
            <FormField label="To" name="to" inputMode="decimal" defaultValue={values.to} error={errors.to} />
          </div>
          <p className="form-field__hint">
            From and To: dollars for Order subtotal, ounces for Order weight; either may be empty. From is included, To
            is not. Leave both empty for Always.
          </p>
        </>
      ) : null}
      <button type="submit" name="intent" value="rate" className="button button--primary">
        Add rate
      </button>
    </Form>
  );
}
