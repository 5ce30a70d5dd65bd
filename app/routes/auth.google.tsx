import { data, redirect } from "react-router";
import { startGoogleSignIn } from "~/.server/accounts/auth";
import { consumeRateLimit } from "~/.server/rate-limits";
import { GoogleSignInResult } from "~/components/google-sign-in-result";
import { safeReturnTo } from "~/lib/return-to";
import type { Route } from "./+types/auth.google";
import { titleOf } from "~/lib/meta";

/** Where better-auth sends the browser back to, with `error` added when sign-in failed. */
const donePath = (returnTo: string, popup: boolean) =>
  `/auth/google/done?${new URLSearchParams({ returnTo, ...(popup ? { popup: "1" } : {}) })}`;

/** Sends the browser (the popup, or the window when the popup was blocked) to Google's account chooser. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth, config, db, clientIp } = context;
  const params = new URL(request.url).searchParams;
  const returnTo = safeReturnTo(params.get("returnTo"));
  const popup = params.get("popup") === "1";
  if (!config.google) throw redirect(`/auth?${new URLSearchParams({ returnTo })}`);

  const limit = await consumeRateLimit(db, `auth:ip:${clientIp}`, config.authLimits.perIp, Date.now());
  if (limit.kind === "limited") {
    return data(
      { outcome: "too-many-attempts" as const, returnTo, popup },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const done = donePath(returnTo, popup);
  return startGoogleSignIn(auth, request.headers, { callbackURL: done, errorCallbackURL: done });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const retryAfter = loaderHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export default function GoogleSignInStart({ loaderData }: Route.ComponentProps) {
  return <GoogleSignInResult {...loaderData} />;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleOf("Sign in with Google", matches) },
  { name: "robots", content: "noindex" },
];
