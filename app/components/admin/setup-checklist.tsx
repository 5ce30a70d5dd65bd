import { Form, Link } from "react-router";

interface Line {
  id: string;
  done: boolean;
  text: string;
  where?: { to: string; label: string };
}

/** A small form on Today whose one button sends `intent`. */
function IntentButton({ intent, label, children }: { intent: string; label: string; children: string }) {
  return (
    <Form method="post" className="setup-checklist__form" aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className="button button--secondary">
        {children}
      </button>
    </Form>
  );
}

/**
 * "Before you open" on Today: each line done or to do, said in words as well
 * as by its mark and colour, with where to do it; "Not needed" on the
 * shipping and tax line, and "Dismiss" once every line is done.
 */
export function SetupChecklist({ lines, dismissable }: { lines: Line[]; dismissable: boolean }) {
  const toDo = lines.filter((line) => !line.done).length;
  return (
    <section className="admin-section setup-checklist" aria-labelledby="setup-checklist-title">
      <h2 id="setup-checklist-title" className="admin-section__title">
        Before you open
      </h2>
      <p className="admin-card__detail">
        {toDo === 0 ? "Every line is done." : `${toDo} of ${lines.length} still to do.`}
      </p>
      <ul className="setup-checklist__lines">
        {lines.map((line) => (
          <li key={line.id} className={`setup-checklist__line setup-checklist__line--${line.done ? "done" : "to-do"}`}>
            <span className="setup-checklist__mark" aria-hidden="true">
              {line.done ? "✓" : "✗"}
            </span>
            <span>
              <strong>{line.done ? "Done: " : "To do: "}</strong>
              {line.text}
              {!line.done && line.where ? (
                <>
                  {" "}
                  <Link to={line.where.to} className="admin-link">{`Open ${line.where.label}`}</Link>
                </>
              ) : null}
            </span>
            {!line.done && line.id === "shipping-tax" ? (
              <IntentButton intent="shipping-tax-not-needed" label="Shipping and tax not needed">
                Not needed
              </IntentButton>
            ) : null}
          </li>
        ))}
      </ul>
      {dismissable ? (
        <IntentButton intent="dismiss-checklist" label="Dismiss Before you open">
          Dismiss
        </IntentButton>
      ) : null}
    </section>
  );
}
