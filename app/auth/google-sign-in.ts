import { authTexts } from "~/lib/auth-texts";

/**
 * How the Google sign-in popup tells the page that opened it how it went.
 * The popup posts to its opener; when a provider's page has cut that link
 * (Cross-Origin-Opener-Policy), it says it on a same-origin BroadcastChannel.
 */
export type SignInOutcome = "signed-in" | "failed" | "email-in-use" | "too-many-attempts";

const MESSAGE_TYPE = "wickshop:google-sign-in";
const CHANNEL = "wickshop-google-sign-in";

interface SignInMessage {
  type: typeof MESSAGE_TYPE;
  outcome: SignInOutcome;
}

const isSignInMessage = (data: unknown): data is SignInMessage =>
  typeof data === "object" &&
  data !== null &&
  (data as SignInMessage).type === MESSAGE_TYPE &&
  ["signed-in", "failed", "email-in-use", "too-many-attempts"].includes((data as SignInMessage).outcome);

/** Where the sign-in starts: the provider's account chooser, by way of our /auth/google. */
export const googleStartUrl = (returnTo: string, popup: boolean) =>
  `/auth/google?${new URLSearchParams({ returnTo, ...(popup ? { popup: "1" } : {}) })}`;

/** In the popup: tell the page that opened it. */
export function announceSignIn(outcome: SignInOutcome) {
  const message: SignInMessage = { type: MESSAGE_TYPE, outcome };
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(message, window.location.origin);
    return;
  }
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/** In the opener: hear the outcome once, from whichever way it arrives. Returns a stop function. */
export function listenForSignIn(onOutcome: (outcome: SignInOutcome) => void) {
  const channel = new BroadcastChannel(CHANNEL);
  const receive = (data: unknown) => {
    if (isSignInMessage(data)) onOutcome(data.outcome);
  };
  const onWindowMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin) receive(event.data);
  };
  channel.onmessage = (event) => receive(event.data);
  window.addEventListener("message", onWindowMessage);
  return () => {
    channel.close();
    window.removeEventListener("message", onWindowMessage);
  };
}

const outcomeTexts: Record<SignInOutcome, string> = {
  "signed-in": authTexts.googleSignedIn,
  failed: authTexts.googleFailed,
  "email-in-use": authTexts.googleEmailInUse,
  "too-many-attempts": authTexts.tooMany,
};

export const outcomeText = (outcome: SignInOutcome) => outcomeTexts[outcome];

/** A popup in the middle of the current window, the size of Google's account chooser. */
export function openSignInPopup(url: string): Window | null {
  const width = 500;
  const height = 640;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return window.open(url, "google-sign-in", `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
}
