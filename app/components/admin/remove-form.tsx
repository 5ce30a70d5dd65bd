import { Form } from "react-router";

/**
 * One button that posts `intent` with the thing it removes (`name`=`value`):
 * a rate, a zone, a tax state. `label` is its accessible name, which says
 * what goes ("Delete the zone Contiguous US"); the button shows `children`.
 */
export function RemoveForm({
  intent,
  name,
  value,
  label,
  className,
  children,
}: {
  intent: string;
  name: string;
  value: string | number;
  label: string;
  className?: string;
  children: string;
}) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name={name} value={value} />
      <button type="submit" name="intent" value={intent} className="button" aria-label={label}>
        {children}
      </button>
    </Form>
  );
}
