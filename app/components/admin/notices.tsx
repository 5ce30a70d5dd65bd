/**
 * The back office's answers: a notice read out politely when it appears (the
 * live region is always in the page, empty until an action answers), and a
 * refusal read out at once.
 */
export function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p className="admin-notice" role="status">
      {children}
    </p>
  );
}

export function Refusal({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="ship-form__error" role="alert">
      {message}
    </p>
  );
}
