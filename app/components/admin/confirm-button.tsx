import { useEffect, useId, useRef, useState } from "react";

/**
 * A submit button for what cannot be undone (a refund, deleting a zone): the
 * first tap asks, in the page, naming what will happen, with a button of the
 * same name that does it and one that keeps things as they are. The question
 * stands where the button stood, so the same button clicked twice acts.
 * Before the page's script runs the button submits at once, as a form must.
 * Escape or Keep takes the question away and focus back to the button.
 */
export function ConfirmButton({
  name,
  value,
  label,
  question,
  keep,
  className = "button",
  children,
}: {
  /** The submit button's `name` and `value` (an intent), if the form needs them. */
  name?: string;
  value?: string;
  /** Its accessible name when its text alone does not say what goes ("Delete the zone Contiguous US"). */
  label?: string;
  question: string;
  keep: string;
  className?: string;
  children: string;
}) {
  const [asking, setAsking] = useState(false);
  const wasAsking = useRef(false);
  const questionId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Into the question on Ask: Keep first, the answer that changes nothing; back to the button after.
    if (asking) keepButton.current?.focus();
    else if (wasAsking.current) trigger.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  const button = (
    <button
      ref={trigger}
      type="submit"
      name={name}
      value={value}
      className={className}
      aria-label={label}
      onClick={
        asking
          ? undefined
          : (event) => {
              event.preventDefault();
              setAsking(true);
            }
      }
    >
      {children}
    </button>
  );
  if (!asking) return button;
  return (
    <div
      className="confirm-question"
      role="group"
      aria-labelledby={questionId}
      onKeyDown={(event) => {
        if (event.key === "Escape") setAsking(false);
      }}
    >
      <p id={questionId} className="confirm-question__text">
        {question}
      </p>
      <div className="confirm-question__buttons">
        {button}
        <button ref={keepButton} type="button" className="button button--secondary" onClick={() => setAsking(false)}>
          {keep}
        </button>
      </div>
    </div>
  );
}
