import { useId } from "react";

interface FormFieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  name: string;
  error?: string;
  hint?: string;
}

/** A labelled input whose error stands right under it and is read with it. */
export function FormField({ label, error, hint, className, ...input }: FormFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`form-field${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <p className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError fieldId={id} error={error} />
    </div>
  );
}

/** A field's error, under it; the field names `${fieldId}-error` in its aria-describedby. */
export function FieldError({ fieldId, error }: { fieldId: string; error?: string }) {
  return error ? (
    <p className="form-field__error" id={`${fieldId}-error`}>
      {error}
    </p>
  ) : null;
}
