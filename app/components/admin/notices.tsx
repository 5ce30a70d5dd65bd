/**
 * The back office's answers: a notice read out politely when it appears (the
 * live region is always in the page, empty until an action answers), and a
 * refusal read out at once. Both take focus once an answer shows them
 * (answer-focus.tsx), hence `data-answer` and tabIndex -1.
 */
export function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p className="admin-notice" role="status" data-answer tabIndex={-1}>
      {children}
    </p>
  );
}

export function Refusal({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="ship-form__error" role="alert" data-answer tabIndex={-1}>
      {message}
    </p>
  );
}
