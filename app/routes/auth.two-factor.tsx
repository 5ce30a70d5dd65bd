import { Form, data, redirect, useNavigation } from "react-router";
import { getShopper, redirectWithAuthCookies } from "~/.server/accounts/auth";
import { authRefusal } from "~/.server/accounts/auth-refusal";
import { consumeRateLimit } from "~/.server/rate-limits";
import { FormField } from "~/components/form-field";
import { authTexts } from "~/lib/auth-texts";
import { safeReturnTo } from "~/lib/return-to";
import type { Route } from "./+types/auth.two-factor";
import { titleOf } from "~/lib/meta";

/** better-auth's short-lived cookie between the password and the code (with the `__Secure-` prefix on https). */
const PENDING_SIGN_IN = /(?:^|;)\s*(?:__Secure-)?better-auth\.two_factor=/;

export async function loader({ context, request }: Route.LoaderArgs) {
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  if (await getShopper(context.auth, request.headers)) throw redirect(returnTo);
  // Without a password just given, there is no code to ask for.
  if (!PENDING_SIGN_IN.test(request.headers.get("cookie") ?? ""))
    throw redirect(`/auth?returnTo=${encodeURIComponent(returnTo)}`);
  return { returnTo };
}

const TOTP_CODE = /^\d{6}$/;

/** The code from the authenticator app (six digits), or one of the backup codes. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => undefined);
  const code = String(form?.get("code") ?? "").replace(/\s+/g, "");
  const returnTo = safeReturnTo(form?.get("returnTo"));
  const limit = await consumeRateLimit(
    context.db,
    `auth:ip:${context.clientIp}`,
    context.config.authLimits.perIp,
    Date.now(),
  );
  if (limit.kind === "limited")
    return data(
      { error: authTexts.tooMany },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  if (code.length === 0 || code.length > 64)
    return data({ error: "Enter the code from your authenticator app." }, { status: 400 });
  try {
    const verify = { body: { code }, headers: request.headers, returnHeaders: true } as const;
    const { headers } = TOTP_CODE.test(code)
      ? await context.auth.api.verifyTOTP(verify)
      : await context.auth.api.verifyBackupCode(verify);
    return redirectWithAuthCookies(returnTo, headers);
  } catch (error) {
    const refusal = authRefusal(error);
    if (!refusal) throw error;
    context.logger.warn({ reason: refusal.code, client: context.clientIp }, "two-factor code refused");
    if (refusal.code === "INVALID_TWO_FACTOR_COOKIE") throw redirect(`/auth?returnTo=${encodeURIComponent(returnTo)}`);
    return data(
      { error: "That code did not work. Enter the newest code from your authenticator app, or an unused backup code." },
      { status: 401 },
    );
  }
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <section className="page page--narrow" aria-labelledby="two-factor-title">
      <h1 id="two-factor-title" className="page__title">
        Enter your sign-in code
      </h1>
      <Form method="post" className="auth-form" aria-labelledby="two-factor-title">
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <FormField
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          required
          autoFocus
          hint="Six digits from your authenticator app, or one of your backup codes."
          error={actionData?.error}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          Verify
        </button>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleOf("Sign-in code", matches) },
  { name: "robots", content: "noindex" },
];
