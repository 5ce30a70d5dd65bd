import { Form, data } from "react-router";
import { redirectWithAuthCookies } from "~/.server/accounts/auth";
import { authRefusal } from "~/.server/accounts/auth-refusal";
import { sessionTokenAfter, sessionTokenIn } from "~/.server/accounts/sessions";
import { type SignInChange, signInChanged } from "~/.server/admin/account";
import { DIGEST_HOUR, digestIsOn, setDigest } from "~/.server/admin/low-stock-digest";
import { requireOwner } from "~/.server/admin/owners";
import { authenticatorSetup } from "~/.server/admin/two-factor";
import { FormField } from "~/components/form-field";
import { OWNER_PASSWORD_LENGTH, ownerPasswordProblem } from "~/lib/owner-password";
import type { Route } from "./+types/admin.account";
import { Notice } from "~/components/admin/notices";
import { backOfficeTitle } from "~/lib/meta";
import { currentShopName } from "~/.server/settings/shop-settings";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const owner = await requireOwner(context.auth, request, url);
  return {
    email: owner.email,
    twoFactorEnabled: owner.twoFactorEnabled,
    digestOn: await digestIsOn(context.db, owner.id),
  };
}

type Setup = Awaited<ReturnType<typeof authenticatorSetup>> & { totpUri: string; backupCodes: string[] };
type PasswordField = "currentPassword" | "newPassword";
type AccountAnswer = {
  setup?: Setup;
  error?: string;
  passwordError?: { field: PasswordField; message: string };
  digestNotice?: string;
  passwordNotice?: string;
};

const field = (form: FormData, name: string) => String(form.get(name) ?? "");
const WRONG_PASSWORD = "That password is not right.";

/**
 * Two-factor sign-in on (password, then a first code from the app) and off
 * (password); a new password; the low-stock email on and off. Each change to
 * how the account signs in ends every other session of it.
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const owner = await requireOwner(context.auth, request, url);
  const form = await request.formData();
  const { auth, db } = context;
  const refuse = (answer: AccountAnswer) => data<AccountAnswer>(answer, { status: 400 });
  /** The change is made: the other sessions end, the log says so, and the page shows it with the session the change left. */
  const changed = async (change: SignInChange, authHeaders: Headers) => {
    await signInChanged(db, owner, change, sessionTokenAfter(request, authHeaders), Date.now());
    return redirectWithAuthCookies("/admin/account", authHeaders);
  };
  const intent = form.get("intent");
  try {
    switch (intent) {
      case "digest": {
        const on = form.get("digest") === "on";
        await setDigest(db, owner, on, Date.now());
        return data<AccountAnswer>({
          digestNotice: on
            ? `The low-stock email will come each morning from ${DIGEST_HOUR}:00, when something is low.`
            : "The low-stock email is off.",
        });
      }
      case "enable": {
        // The authenticator app lists the code under the shop's name.
        const issuer = await currentShopName(db);
        const enabled = await auth.api.enableTwoFactor({
          body: { password: field(form, "password"), method: "totp", issuer },
          headers: request.headers,
        });
        if (enabled.method !== "totp") throw new Error("better-auth set up another two-factor method than TOTP");
        return data<AccountAnswer>({
          setup: {
            ...(await authenticatorSetup(enabled.totpURI)),
            totpUri: enabled.totpURI,
            backupCodes: enabled.backupCodes,
          },
        });
      }
      case "confirm": {
        // The setup on the page goes round with the form, so a mistyped code does not lose the QR code.
        const totpUri = field(form, "totpUri");
        const setup = totpUri.startsWith("otpauth://totp/")
          ? {
              ...(await authenticatorSetup(totpUri)),
              totpUri,
              backupCodes: field(form, "backupCodes").split(" ").filter(Boolean).slice(0, 20),
            }
          : undefined;
        try {
          const { headers } = await auth.api.verifyTOTP({
            body: { code: field(form, "code").replace(/\s+/g, "") },
            headers: request.headers,
            returnHeaders: true,
          });
          return await changed("account.two_factor_on", headers);
        } catch (error) {
          if (authRefusal(error))
            return refuse({ error: "That code did not work. Enter the code your app shows now.", setup });
          throw error;
        }
      }
      case "disable": {
        const { headers } = await auth.api.disableTwoFactor({
          body: { password: field(form, "password") },
          headers: request.headers,
          returnHeaders: true,
        });
        return await changed("account.two_factor_off", headers);
      }
      case "password": {
        const newPassword = field(form, "newPassword");
        const problem = ownerPasswordProblem(newPassword, "The new password");
        if (problem) return refuse({ passwordError: { field: "newPassword", message: problem } });
        try {
          await auth.api.changePassword({
            body: { currentPassword: field(form, "currentPassword"), newPassword },
            headers: request.headers,
          });
        } catch (error) {
          if (authRefusal(error))
            return refuse({ passwordError: { field: "currentPassword", message: WRONG_PASSWORD } });
          throw error;
        }
        await signInChanged(db, owner, "account.password", sessionTokenIn(request.headers.get("cookie")), Date.now());
        return data<AccountAnswer>({ passwordNotice: "Your password is changed. Every other session is signed out." });
      }
      default:
        return refuse({ error: "Unknown action." });
    }
  } catch (error) {
    if (authRefusal(error)) return refuse({ error: WRONG_PASSWORD });
    throw error;
  }
}

function SetupSteps({ setup, error }: { setup: Setup; error?: string }) {
  return (
    <section className="admin-section" aria-labelledby="setup-title">
      <h2 id="setup-title" className="admin-section__title">
        Scan this code with your authenticator app
      </h2>
      <div
        className="totp-qr"
        role="img"
        aria-label="QR code for your authenticator app"
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
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
        <FormField
          label="Code from the app"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          error={error}
        />
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
  const passwordError = (name: PasswordField) =>
    actionData?.passwordError?.field === name ? actionData.passwordError.message : undefined;
  return (
    <section className="admin-page" aria-labelledby="account-title">
      <h1 id="account-title" className="admin-page__title">
        Account
      </h1>
      <p>{`Signed in as ${email}.`}</p>
      <section className="admin-section" aria-labelledby="two-factor-title">
        <h2 id="two-factor-title" className="admin-section__title">
          Two-factor sign-in
        </h2>
        {twoFactorEnabled ? (
          <>
            <p className="admin-status">On: signing in asks for a code from your authenticator app.</p>
            <Form method="post" className="auth-form" aria-label="Turn off two-factor sign-in">
              <input type="hidden" name="intent" value="disable" />
              <FormField
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                error={actionData?.error}
              />
              <button type="submit" className="button button--secondary">
                Turn off
              </button>
            </Form>
          </>
        ) : setup ? (
          <SetupSteps setup={setup} error={actionData?.error} />
        ) : (
          <>
            <p>
              Off. With it on, signing in also asks for a code from an authenticator app on your phone, so a stolen
              password alone cannot open the shop.
            </p>
            <Form method="post" className="auth-form" aria-label="Turn on two-factor sign-in">
              <input type="hidden" name="intent" value="enable" />
              <FormField
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                error={actionData?.error}
              />
              <button type="submit" className="button button--primary">
                Set up two-factor sign-in
              </button>
            </Form>
          </>
        )}
      </section>
      <section className="admin-section" aria-labelledby="password-title">
        <h2 id="password-title" className="admin-section__title">
          Password
        </h2>
        <Form
          method="post"
          className="auth-form"
          aria-label="Change password"
          key={actionData?.passwordNotice ? "changed" : "change"}
        >
          <input type="hidden" name="intent" value="password" />
          <FormField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={passwordError("currentPassword")}
          />
          <FormField
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={OWNER_PASSWORD_LENGTH.min}
            maxLength={OWNER_PASSWORD_LENGTH.max}
            hint={`At least ${OWNER_PASSWORD_LENGTH.min} characters. Every other session of this account is signed out.`}
            error={passwordError("newPassword")}
          />
          <button type="submit" className="button button--secondary">
            Change password
          </button>
          <Notice>{actionData?.passwordNotice}</Notice>
        </Form>
      </section>
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

export const meta: Route.MetaFunction = ({ matches }) => [{ title: backOfficeTitle("Account", matches) }];
