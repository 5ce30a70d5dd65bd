import { useId } from "react";
import { FieldNotes, notesOf } from "./form-field";

interface TextAreaFieldProps extends Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: string;
  name: string;
  error?: string;
  hint?: string;
}

/** A labelled text area whose hint and error stand under it and are read with it, as FormField's. */
export function TextAreaField({ label, error, hint, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={notesOf(id, hint, error)}
        {...textarea}
      />
      <FieldNotes fieldId={id} hint={hint} error={error} />
    </div>
  );
}
