import { APIError } from "better-auth/api";
import { Form, data } from "react-router";
import { redirectWithAuthCookies } from "~/.server/accounts/auth";
import { requireOwner } from "~/.server/admin/owners";
import { DIGEST_HOUR, digestIsOn, setDigest } from "~/.server/admin/low-stock-digest";
import { authenticatorSetup } from "~/.server/admin/two-factor";
import { FormField } from "~/components/form-field";
import type { Route } from "./+types/admin.account";
import { Notice } from "~/components/admin/notices";

export async function loader({ context, request }: Route.LoaderArgs) {
  const owner = await requireOwner(context.auth, request);
  return { email: owner.email, twoFactorEnabled: owner.twoFactorEnabled, digestOn: await digestIsOn(context.db, owner.id) };
}

type Setup = Awaited<ReturnType<typeof authenticatorSetup>> & { totpUri: string; backupCodes: string[] };
type AccountAnswer = { setup?: Setup; error?: string; digestNotice?: string };

const field = (form: FormData, name: string) => String(form.get(name) ?? "");

/** Turning two-factor sign-in on (password, then a first code from the app) and off (password); the low-stock email on and off. */
export async function action({ context, request }: Route.ActionArgs) {
  const owner = await requireOwner(context.auth, request);
  const form = await request.formData();
  const { auth } = context;
  const refuse = (error: string, setup?: Setup) => data<AccountAnswer>({ error, setup }, { status: 400 });
  try {
    switch (form.get("intent")) {
      case "digest": {
        const on = form.get("digest") === "on";
        await setDigest(context.db, owner.id, on);
        return data<AccountAnswer>({ digestNotice: on ? `The low-stock email will come each morning from ${DIGEST_HOUR}:00, when something is low.` : "The low-stock email is off." });
      }
      case "enable": {
        const enabled = await auth.api.enableTwoFactor({ body: { password: field(form, "password"), method: "totp" }, headers: request.headers });
        if (enabled.method !== "totp") throw new Error("better-auth set up another two-factor method than TOTP");
        return data<AccountAnswer>({ setup: { ...(await authenticatorSetup(enabled.totpURI)), totpUri: enabled.totpURI, backupCodes: enabled.backupCodes } });
      }
      case "confirm": {
        // The setup on the page goes round with the form, so a mistyped code does not lose the QR code.
        const totpUri = field(form, "totpUri");
        const setup = totpUri.startsWith("otpauth://totp/")
          ? { ...(await authenticatorSetup(totpUri)), totpUri, backupCodes: field(form, "backupCodes").split(" ").filter(Boolean).slice(0, 20) }
          : undefined;
        try {
          const { headers } = await auth.api.verifyTOTP({ body: { code: field(form, "code").replace(/\s+/g, "") }, headers: request.headers, returnHeaders: true });
          return redirectWithAuthCookies("/admin/account", headers);
        } catch (error) {
          if (error instanceof APIError) return refuse("That code did not work. Enter the code your app shows now.", setup);
          throw error;
        }
      }
      case "disable": {
        const { headers } = await auth.api.disableTwoFactor({ body: { password: field(form, "password") }, headers: request.headers, returnHeaders: true });
        return redirectWithAuthCookies("/admin/account", headers);
      }
      default:
        return refuse("Unknown action.");
    }
  } catch (error) {
    if (error instanceof APIError) return refuse("That password is not right.");
    throw error;
  }
}

function SetupSteps({ setup, error }: { setup: Setup; error?: string }) {
  return (
    <section className="admin-section" aria-labelledby="setup-title">
      <h2 id="setup-title" className="admin-section__title">
        Scan this code with your authenticator app
      </h2>
      <div className="totp-qr" role="img" aria-label="QR code for your authenticator app" dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
      <p>
        Or type this secret into the app: <code className="totp-secret">{setup.secret}</code>
      </p>
      <h3>Backup codes</h3>
      <p>Each one signs you in once if you lose your phone. Keep them somewhere safe; they are shown only now.</p>
      <ul className="totp-backup-codes">
        {setup.backupCodes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Form method="post" className="auth-form" aria-label="Confirm two-factor sign-in">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="totpUri" value={setup.totpUri} />
        <input type="hidden" name="backupCodes" value={setup.backupCodes.join(" ")} />
        <FormField label="Code from the app" name="code" autoComplete="one-time-code" inputMode="numeric" required error={error} />
        <button type="submit" className="button button--primary">
          Turn on
        </button>
      </Form>
    </section>
  );
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { email, twoFactorEnabled, digestOn } = loaderData;
  const setup = actionData?.setup;
  return (
    <section className="admin-page" aria-labelledby="account-title">
      <h1 id="account-title" className="admin-page__title">
        Account
      </h1>
      <p>{`Signed in as ${email}.`}</p>
      <h2 className="admin-section__title">Two-factor sign-in</h2>
      {twoFactorEnabled ? (
        <>
          <p className="admin-status">On: signing in asks for a code from your authenticator app.</p>
          <Form method="post" className="auth-form" aria-label="Turn off two-factor sign-in">
            <input type="hidden" name="intent" value="disable" />
            <FormField label="Password" name="password" type="password" autoComplete="current-password" required error={actionData?.error} />
            <button type="submit" className="button button--secondary">
              Turn off
            </button>
          </Form>
        </>
      ) : setup ? (
        <SetupSteps setup={setup} error={actionData?.error} />
      ) : (
        <>
          <p>Off. With it on, signing in also asks for a code from an authenticator app on your phone, so a stolen password alone cannot open the shop.</p>
          <Form method="post" className="auth-form" aria-label="Turn on two-factor sign-in">
            <input type="hidden" name="intent" value="enable" />
            <FormField label="Password" name="password" type="password" autoComplete="current-password" required error={actionData?.error} />
            <button type="submit" className="button button--primary">
              Set up two-factor sign-in
            </button>
          </Form>
        </>
      )}
      <section className="admin-section" aria-labelledby="digest-title">
        <h2 id="digest-title" className="admin-section__title">
          Low-stock email
        </h2>
        <Form method="post" className="auth-form" aria-labelledby="digest-title" key={String(digestOn)}>
          <input type="hidden" name="intent" value="digest" />
          <label className="product-form__check">
            <input type="checkbox" name="digest" defaultChecked={digestOn} />
            Email me each morning the products at or below their low-stock level
          </label>
          <button type="submit" className="button button--secondary">
            Save
          </button>
          <Notice>{actionData?.digestNotice}</Notice>
        </Form>
      </section>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Account — Wickshop back office" }];
