import { redirect } from "react-router";
import { getShopper } from "~/.server/accounts/auth";
import type { SignInOutcome } from "~/auth/google-sign-in";
import { GoogleSignInResult } from "~/components/google-sign-in-result";
import { safeReturnTo } from "~/lib/return-to";
import type { Route } from "./+types/auth.google.done";
import { titleOf } from "~/lib/meta";

/** Back from Google: in the popup, tell the opener; in a full window, go on to where the shopper was. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const returnTo = safeReturnTo(params.get("returnTo"));
  const popup = params.get("popup") === "1";
  const error = params.get("error");
  const signedIn = !error && (await getShopper(context.auth, request.headers)) !== undefined;
  if (!signedIn)
    context.logger.warn(
      { provider: "google", reason: (error ?? "no session").slice(0, 100), client: context.clientIp },
      "user sign in failed",
    );
  if (signedIn && !popup) throw redirect(returnTo);
  // better-auth will not join a Google sign-in to a password account with the same email.
  const outcome: SignInOutcome = signedIn ? "signed-in" : error === "account_not_linked" ? "email-in-use" : "failed";
  return { outcome, returnTo, popup };
}

export default function GoogleSignInDone({ loaderData }: Route.ComponentProps) {
  return <GoogleSignInResult {...loaderData} />;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleOf("Sign in with Google", matches) },
  { name: "robots", content: "noindex" },
];
