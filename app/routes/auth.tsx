import { useId } from "react";
import {
  type AppLoadContext,
  Form,
  data,
  redirect,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
} from "react-router";
import { getShopper, redirectWithAuthCookies } from "~/.server/accounts/auth";
import { authRefusal } from "~/.server/accounts/auth-refusal";
import { consumeRateLimit, signInAccountKey } from "~/.server/rate-limits";
import { FormField } from "~/components/form-field";
import { GoogleSignInButton, GoogleSignInForm } from "~/components/google-sign-in-button";
import { signInSchema, signUpSchema } from "~/lib/auth-schemas";
import { authTexts } from "~/lib/auth-texts";
import { pageMeta } from "~/lib/meta";
import { safeReturnTo } from "~/lib/return-to";
import { notify } from "~/notifications/store";
import type { Route } from "./+types/auth";

type ActionResult = { form: "sign-in" | "sign-up"; error: string };

export async function loader({ context, request }: Route.LoaderArgs) {
  // A shopper who is signed in already goes back to where they came from.
  const shopper = await getShopper(context.auth, request.headers);
  if (shopper) throw redirect(safeReturnTo(new URL(request.url).searchParams.get("returnTo")));
  return { google: context.config.google !== undefined };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => undefined);
  if (!form) throw data("Send the form as a form.", { status: 400 });
  const intent = form.get("intent");
  const returnTo = safeReturnTo(form.get("returnTo"));
  switch (intent) {
    case "sign-out": {
      const { headers } = await context.auth.api.signOut({ headers: request.headers, returnHeaders: true });
      return redirectWithAuthCookies(returnTo, headers);
    }
    case "sign-in":
      return (await limitedByIp(context, intent)) ?? signInWithPassword(context, request, form, returnTo);
    case "sign-up":
      return (await limitedByIp(context, intent)) ?? signUpWithPassword(context, request, form, returnTo);
    default:
      throw data("Unknown action.", { status: 400 });
  }
}

/** The page again, with `error` in `form`. */
const refused = (form: ActionResult["form"], error: string, status: number) =>
  data<ActionResult>({ form, error }, { status });

const tooMany = (form: ActionResult["form"], retryAfterSeconds: number) =>
  data<ActionResult>(
    { form, error: authTexts.tooMany },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );

/** Both forms count against the address's limit before anything else is read. */
async function limitedByIp({ db, config, clientIp }: AppLoadContext, form: ActionResult["form"]) {
  const limit = await consumeRateLimit(db, `auth:ip:${clientIp}`, config.authLimits.perIp, Date.now());
  return limit.kind === "limited" ? tooMany(form, limit.retryAfterSeconds) : undefined;
}

async function signInWithPassword(
  { auth, db, config, logger, clientIp }: AppLoadContext,
  request: Request,
  form: FormData,
  returnTo: string,
) {
  const signIn = signInSchema.safeParse(Object.fromEntries(form));
  if (!signIn.success) return refused("sign-in", signIn.error.issues[0]!.message, 400);
  const { email, password } = signIn.data;
  // Counted before the password is checked, so parallel guesses cannot slip past the limit.
  const perAccount = await consumeRateLimit(db, signInAccountKey(email), config.authLimits.perAccount, Date.now());
  if (perAccount.kind === "limited") return tooMany("sign-in", perAccount.retryAfterSeconds);
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password },
      headers: request.headers,
      returnHeaders: true,
    });
    // With two-factor sign-in on, the password opens the code's page, not the session.
    const next =
      "twoFactorRedirect" in response ? `/auth/two-factor?returnTo=${encodeURIComponent(returnTo)}` : returnTo;
    return redirectWithAuthCookies(next, headers);
  } catch (error) {
    const refusal = authRefusal(error);
    if (!refusal) throw error;
    logger.warn({ reason: refusal.code, client: clientIp }, "user sign in failed");
    return refused("sign-in", authTexts.signInFailed, 401);
  }
}

async function signUpWithPassword(
  { auth, logger, clientIp }: AppLoadContext,
  request: Request,
  form: FormData,
  returnTo: string,
) {
  const signUp = signUpSchema.safeParse(Object.fromEntries(form));
  if (!signUp.success) return refused("sign-up", signUp.error.issues[0]!.message, 400);
  const { displayName: name, email, password } = signUp.data;
  try {
    const { headers } = await auth.api.signUpEmail({
      body: { name, email, password },
      headers: request.headers,
      returnHeaders: true,
    });
    return redirectWithAuthCookies(returnTo, headers);
  } catch (error) {
    const refusal = authRefusal(error);
    if (!refusal) throw error;
    if (refusal.code.startsWith("USER_ALREADY_EXISTS")) return refused("sign-up", authTexts.emailInUse, 409);
    logger.warn({ reason: refusal.code, client: clientIp }, "user sign up failed");
    return refused("sign-up", refusal.message ?? "We could not create the account.", 400);
  }
}

/** React Router passes an action's headers on only through this: keep Retry-After on a 429. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

function FormError({ result, form }: { result: ActionResult | undefined; form: ActionResult["form"] }) {
  if (result?.form !== form) return null;
  return (
    <p className="auth-form__error" role="alert">
      {result.error}
    </p>
  );
}

export default function AuthPage() {
  const { google } = useLoaderData<typeof loader>();
  const googleFormId = useId();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const returnTo = safeReturnTo(new URLSearchParams(location.search).get("returnTo"));
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;

  const checkPasswords = (event: React.FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    if (form.get("password") !== form.get("confirmPassword")) {
      event.preventDefault();
      notify(authTexts.mismatch);
    }
  };

  return (
    <div className="page auth-page">
      <h1 className="visually-hidden">Sign in or create an account</h1>
      <Form method="post" className="auth-form" aria-label="Sign in" replace>
        <h2>I already have an account</h2>
        <p>Sign in with your email and password</p>
        <input type="hidden" name="returnTo" value={returnTo} />
        <FormField label="Email" name="email" type="email" autoComplete="email" required />
        <FormField label="Password" name="password" type="password" autoComplete="current-password" required />
        <FormError result={result} form="sign-in" />
        <button
          type="submit"
          name="intent"
          value="sign-in"
          className="button button--primary"
          disabled={busy === "sign-in"}
        >
          Sign In
        </button>
        {google ? <GoogleSignInButton form={googleFormId} /> : null}
      </Form>
      {google ? <GoogleSignInForm id={googleFormId} returnTo={returnTo} /> : null}
      <Form method="post" className="auth-form" aria-label="Sign up" onSubmit={checkPasswords} replace>
        <h2>I don't have an account</h2>
        <p>Sign up with your email and password</p>
        <input type="hidden" name="returnTo" value={returnTo} />
        <FormField label="Display Name" name="displayName" autoComplete="nickname" required maxLength={100} />
        <FormField label="Email" name="email" type="email" autoComplete="email" required />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
        />
        <FormField
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
        />
        <FormError result={result} form="sign-up" />
        <button
          type="submit"
          name="intent"
          value="sign-up"
          className="button button--primary"
          disabled={busy === "sign-up"}
        >
          Sign Up
        </button>
      </Form>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Sign in",
    description: "Sign in or create an account.",
    path: "/auth",
    matches,
  }),
  { name: "robots", content: "noindex" },
];
