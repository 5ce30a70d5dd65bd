import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { admin, genericOAuth, twoFactor } from "better-auth/plugins";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import { redirect } from "react-router";
import type { Config } from "../config";
import type { Db } from "../db";
import type { Engine } from "../db/engine";
import { carriesSessionCookie } from "./session-cookie";

/**
 * The session secret: generated on first start and kept in the database, so
 * every server process sharing it signs and reads the same cookies.
 */
export async function loadAuthSecret(db: Db): Promise<string> {
  await db
    .insertInto("settings")
    .values({ key: "auth_secret", value: randomBytes(32).toString("base64url") })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", "auth_secret")
    .executeTakeFirstOrThrow();
  return row.value;
}

/** The provider id of Google sign-in: its callback is /api/auth/callback/google. */
export const GOOGLE = "google";

/**
 * Google as a generic OpenID Connect provider found by discovery, so a local
 * provider can stand in for it through the very same code: PKCE, a verified
 * ID token, and the account chooser on every sign-in.
 */
function googleSignIn(google: NonNullable<Config["google"]>) {
  return genericOAuth({
    config: [
      {
        providerId: GOOGLE,
        name: "Google",
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        discoveryUrl: google.discoveryUrl,
        scopes: ["openid", "email", "profile"],
        prompt: "select_account",
        pkce: true,
        mapProfileToUser: (profile) => ({ emailVerified: profile.email_verified === true }),
      },
    ],
  });
}

/** The role that opens the back office; every other account is a shopper. */
export const OWNER_ROLE = "owner";

/**
 * Roles through better-auth's admin plugin, on our own migration (011). Its
 * HTTP endpoints are never mounted (only the Google callback is, see
 * routes.ts): owners are made with `npm run owner:create`, and sign-up can
 * never set a role.
 */
const roles = admin({
  defaultRole: "shopper",
  adminRoles: [OWNER_ROLE],
  roles: { [OWNER_ROLE]: adminAc, shopper: userAc },
});

/** Sign-in codes from an authenticator app (TOTP) and backup codes, for the owner (migration 014). */
const twoFactorSignIn = twoFactor({ issuer: "Wickshop" });

/** better-auth's paths that make a session after a code from the authenticator app or a backup code. */
const CODE_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

/**
 * better-auth's paths that make a session after the password (and, with two
 * factors on, a code): the only ones that may sign an owner in.
 */
const OWNER_SIGN_IN_PATHS = new Set(["/sign-in/email", "/two-factor/enable", "/two-factor/disable", ...CODE_PATHS]);

/** better-auth on our own database: email and password, sessions in the session table, no telemetry. */
export function createAuth(options: { db: Db; engine: Engine; config: Config; secret: string }) {
  const { config } = options;
  return betterAuth({
    appName: "Wickshop",
    baseURL: config.publicUrl,
    secret: options.secret,
    database: { db: options.db, type: options.engine },
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128 },
    telemetry: { enabled: false },
    // Our own limits (rate_limits table) guard sign-in and sign-up; see routes/auth.tsx.
    rateLimit: { enabled: false },
    advanced: { useSecureCookies: config.secureCookies },
    trustedOrigins: [config.publicUrl],
    plugins: config.google ? [roles, twoFactorSignIn, googleSignIn(config.google)] : [roles, twoFactorSignIn],
    session: {
      // Whether the session gave a code: requireOwner reads it (migration 019).
      additionalFields: { twoFactorPassed: { type: "boolean", required: false, defaultValue: false, input: false } },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session, context) => {
            const path = context?.path;
            // Owners sign in with their password and, once it is on, a code: never through
            // Google, which would skip the code, nor any other way a session could be made.
            if (!path || !OWNER_SIGN_IN_PATHS.has(path)) {
              const user = await options.db
                .selectFrom("user")
                .select("role")
                .where("id", "=", session.userId)
                .executeTakeFirst();
              if (user?.role === OWNER_ROLE) return false;
            }
            return { data: { ...session, twoFactorPassed: path !== undefined && CODE_PATHS.has(path) } };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The signed-in shopper for a request (the shop's owner too), or undefined for a guest. */
export async function getShopper(auth: Auth, headers: Headers) {
  // Without a session cookie nobody is signed in: no need to ask better-auth (every guest's checkout and page).
  if (!carriesSessionCookie(headers.get("cookie") ?? undefined)) return undefined;
  const session = await auth.api.getSession({ headers });
  if (!session) return undefined;
  const { user } = session;
  return {
    id: user.id,
    displayName: user.name,
    email: user.email,
    isOwner: user.role === OWNER_ROLE,
    twoFactorEnabled: user.twoFactorEnabled === true,
    twoFactorPassed: session.session.twoFactorPassed === true,
    signedInAt: session.session.createdAt,
  };
}

export type Shopper = NonNullable<Awaited<ReturnType<typeof getShopper>>>;

/** A redirect that carries better-auth's Set-Cookie headers (session or sign-in state). */
export function redirectWithAuthCookies(to: string, authHeaders: Headers) {
  const headers = new Headers();
  for (const cookie of authHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}

/**
 * Starts Google sign-in: better-auth keeps the state and PKCE verifier and
 * answers the provider's URL, where the browser goes next. Back from the
 * provider, better-auth's callback (/api/auth/callback/google) signs the
 * shopper in and sends them to `callbackURL`, or to `errorCallbackURL?error=…`.
 */
export async function startGoogleSignIn(
  auth: Auth,
  requestHeaders: Headers,
  next: { callbackURL: string; errorCallbackURL: string },
) {
  const { headers, response } = await auth.api.signInSocial({
    body: { provider: GOOGLE, ...next, disableRedirect: true },
    headers: requestHeaders,
    returnHeaders: true,
  });
  if (!response.url) throw new Error("Google sign-in answered without a URL to go to");
  return redirectWithAuthCookies(response.url, headers);
}
