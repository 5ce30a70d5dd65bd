import { useId, useRef } from "react";
import { FieldError } from "./form-field";

interface DiscountCodeFieldProps {
  /** The code the shop applied, if any. */
  applied: string | null;
  /** Why the shop refused the code typed, in its words. */
  refusal: string | undefined;
  disabled: boolean;
  onApply: (code: string) => void;
}

/**
 * Discount code and Apply (DESIGN.md): the quote applies it, and a refusal stands beside the field. The
 * panel's announcement speaks either, with the new total.
 */
export function DiscountCodeField({ applied, refusal, disabled, onApply }: DiscountCodeFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const apply = () => onApply(input.current?.value.trim() ?? "");
  return (
    <div className="form-field discount-code">
      <label htmlFor={id}>Discount code</label>
      <div className="discount-code__row">
        <input
          ref={input}
          id={id}
          name="discountCode"
          autoCapitalize="characters"
          autoComplete="off"
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${id}-error` : applied ? `${id}-applied` : undefined}
          onKeyDown={(event) => {
            // Enter applies the code; it must not pay.
            if (event.key === "Enter") {
              event.preventDefault();
              apply();
            }
          }}
        />
        <button type="button" className="button" disabled={disabled} onClick={apply}>
          Apply
        </button>
      </div>
      {applied && !refusal ? (
        <p className="form-field__hint" id={`${id}-applied`}>
          {`${applied} applied.`}
        </p>
      ) : null}
      <FieldError fieldId={id} error={refusal} />
    </div>
  );
}
