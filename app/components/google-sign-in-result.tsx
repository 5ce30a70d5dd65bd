import { useEffect, useState } from "react";
import { Link } from "react-router";
import { announceSignIn, outcomeText, type SignInOutcome } from "~/auth/google-sign-in";

/** Long enough for window.close() to take effect; a window that stays open says what to do. */
const CLOSE_WAIT_MS = 600;

/**
 * How a Google sign-in ended. In the popup it tells the opener and closes;
 * in a full window (blocked popup) it says what happened and links back.
 */
export function GoogleSignInResult({
  outcome,
  returnTo,
  popup,
}: {
  outcome: SignInOutcome;
  returnTo: string;
  popup: boolean;
}) {
  const [stayedOpen, setStayedOpen] = useState(!popup);

  useEffect(() => {
    if (!popup) return;
    announceSignIn(outcome);
    window.close();
    const timer = setTimeout(() => setStayedOpen(true), CLOSE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [outcome, popup]);

  return (
    <div className="page google-result">
      <h1>{outcome === "signed-in" ? "Signed in" : "Sign in with Google"}</h1>
      {stayedOpen ? (
        <>
          <p role={outcome === "signed-in" ? "status" : "alert"}>{outcomeText(outcome)}</p>
          {outcome === "signed-in" ? (
            <Link to={returnTo}>Continue shopping</Link>
          ) : (
            <Link to={`/auth?${new URLSearchParams({ returnTo })}`}>Back to sign in</Link>
          )}
        </>
      ) : (
        <p role="status">Finishing sign-in…</p>
      )}
    </div>
  );
}
