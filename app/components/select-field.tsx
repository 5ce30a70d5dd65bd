import { useId } from "react";
import { FieldError } from "./form-field";

interface SelectFieldProps extends Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: string;
  name: string;
  /** The choices; or `children` for choices in groups (`<optgroup>`). */
  options?: readonly { value: string; label: string }[];
  error?: string;
}

/** A labelled select whose error stands right under it and is read with it, as FormField's. */
export function SelectField({ label, options = [], error, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="form-field__select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {children ??
          options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
      </select>
      <FieldError fieldId={id} error={error} />
    </div>
  );
}
