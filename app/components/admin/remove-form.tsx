import { Form } from "react-router";
import { ConfirmButton } from "./confirm-button";

/**
 * One button that posts `intent` with the thing it removes (`name`=`value`):
 * a rate, a zone, a tax state. `label` is its accessible name, which says
 * what goes ("Delete the zone Contiguous US"); the button shows `children`.
 * What cannot be undone asks `question` first (`keep` is the answer that
 * changes nothing); what can (deactivating a code) acts at once.
 */
export function RemoveForm({
  intent,
  name,
  value,
  label,
  question,
  keep,
  className,
  children,
}: {
  intent: string;
  name: string;
  value: string | number;
  label: string;
  question?: string;
  keep?: string;
  className?: string;
  children: string;
}) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name={name} value={value} />
      {question && keep ? (
        <ConfirmButton name="intent" value={intent} label={label} question={question} keep={keep}>
          {children}
        </ConfirmButton>
      ) : (
        <button type="submit" name="intent" value={intent} className="button" aria-label={label}>
          {children}
        </button>
      )}
    </Form>
  );
}
