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
  return (
    <div className={`form-field${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={notesOf(id, hint, error)} {...input} />
      <FieldNotes fieldId={id} hint={hint} error={error} />
    </div>
  );
}

/** The ids of a field's hint and error, for its aria-describedby. */
export const notesOf = (fieldId: string, hint?: string, error?: string) =>
  [hint ? `${fieldId}-hint` : "", error ? `${fieldId}-error` : ""].filter(Boolean).join(" ") || undefined;

/** A field's hint and its error, under it, with the ids `notesOf` names. */
export function FieldNotes({ fieldId, hint, error }: { fieldId: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p className="form-field__hint" id={`${fieldId}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError fieldId={fieldId} error={error} />
    </>
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
