import { Form } from "react-router";
import { FormField } from "~/components/form-field";
import { US_STATES, ZONE_PRESETS } from "~/lib/us-states";
import { Refusal } from "./notices";
import { type SetupAnswer, answerFor } from "./setup-answer";

/** One tap for each usual zone, then a zone of any states: each checkbox is named by its state alone. */
export function NewZoneForms({
  answer,
  zoneOf,
}: {
  answer: SetupAnswer | undefined;
  /** The zone each state is in already, by code. */
  zoneOf: Record<string, string>;
}) {
  const preset = answerFor(answer, "preset").errors;
  const { errors, values } = answerFor(answer, "zone");
  const chosen = new Set((values.states ?? "").split(","));
  // The states still free come first; those in a zone already wait under a disclosure, open if one was chosen.
  const free = US_STATES.filter((state) => !zoneOf[state.code]);
  const taken = US_STATES.filter((state) => zoneOf[state.code]);
  return (
    <>
      <section className="admin-section" aria-labelledby="presets-title">
        <h2 id="presets-title" className="admin-section__title">
          Usual zones
        </h2>
        <Refusal message={preset.preset} />
        <div className="zone-presets">
          {ZONE_PRESETS.map((zone) => (
            <Form method="post" key={zone.name}>
              <input type="hidden" name="preset" value={zone.name} />
              <button type="submit" name="intent" value="preset" className="button">
                {`Add ${zone.name}`}
              </button>
            </Form>
          ))}
        </div>
      </section>
      <Form method="post" className="admin-section stock-form" aria-labelledby="new-zone-title" key={answer?.notice}>
        <h2 id="new-zone-title" className="admin-section__title">
          New zone
        </h2>
        <FormField
          label="Zone name"
          name="name"
          required
          maxLength={100}
          defaultValue={values.name}
          error={errors.name}
        />
        <fieldset className="zone-states" aria-describedby={errors.states ? "zone-states-error" : undefined}>
          <legend>States</legend>
          {errors.states ? (
            <p className="form-field__error" id="zone-states-error">
              {errors.states}
            </p>
          ) : null}
          {free.length > 0 ? (
            <StateChecks states={free} chosen={chosen} zoneOf={zoneOf} />
          ) : (
            <p className="admin-card__detail">Every state is in a zone already.</p>
          )}
          {taken.length > 0 ? (
            <details className="zone-states__taken" open={taken.some((state) => chosen.has(state.code))}>
              <summary>{`${taken.length} ${taken.length === 1 ? "state" : "states"} already in a zone`}</summary>
              <StateChecks states={taken} chosen={chosen} zoneOf={zoneOf} />
            </details>
          ) : null}
        </fieldset>
        <button type="submit" name="intent" value="zone" className="button button--primary">
          Save zone
        </button>
      </Form>
    </>
  );
}

/** A checkbox per state, named by the state alone, with the zone it is in already, if any. */
function StateChecks({
  states,
  chosen,
  zoneOf,
}: {
  states: typeof US_STATES;
  chosen: Set<string>;
  zoneOf: Record<string, string>;
}) {
  return (
    <ul className="zone-states__list">
      {states.map((state) => (
        <li key={state.code}>
          <label className="zone-states__check">
            <input
              type="checkbox"
              name="state"
              value={state.code}
              defaultChecked={chosen.has(state.code)}
              aria-describedby={zoneOf[state.code] ? `in-zone-${state.code}` : undefined}
            />
            {state.name}
          </label>
          {zoneOf[state.code] ? (
            <span className="zone-states__zone" id={`in-zone-${state.code}`}>
              {`in ${zoneOf[state.code]}`}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
