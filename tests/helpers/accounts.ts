import { randomBytes } from "node:crypto";
import type { Db } from "~/.server/db";
import type { BrowserSession, PageResponse } from "./browser-session";
import type { ServerProcess } from "./server-process";

/** better-auth's session cookie (no `__Secure-` prefix: the test server runs on http). */
export const SESSION_COOKIE = "better-auth.session_token";

/** What the /auth page says, word for word (app/routes/auth.tsx). */
export const authTexts = {
  mismatch: "passwords do not match",
  emailInUse: "Cannot create user, email already in use",
  signInFailed: "That email and password do not match an account. Please try again.",
  tooMany: "Too many attempts. Please wait a few minutes and try again.",
  missingFields: "Please fill in all four fields.",
  badFields: "Please use a display name of at most 100 characters and a plain email address.",
  badEmail: "Please enter a valid email address, like name@example.com.",
};

export interface Credentials {
  displayName: string;
  email: string;
  password: string;
}

/** A new shopper nobody has signed up yet; the password is distinctive enough to search logs for. */
export function newCredentials(displayName = "Ada Wick"): Credentials {
  const id = randomBytes(5).toString("hex");
  return {
    displayName,
    email: `shopper-${id}@example.com`,
    password: `Wax-${randomBytes(9).toString("base64url")}-pw`,
  };
}

/** The /auth sign-up form as a shopper fills it in; `fields` overrides what they typed. */
export function signUp(browser: BrowserSession, credentials: Credentials, fields: Record<string, string> = {}) {
  return browser.postForm("/auth", {
    intent: "sign-up",
    displayName: credentials.displayName,
    email: credentials.email,
    password: credentials.password,
    confirmPassword: credentials.password,
    returnTo: "/shop",
    ...fields,
  });
}

export function signIn(
  browser: BrowserSession,
  credentials: Pick<Credentials, "email" | "password">,
  fields: Record<string, string> = {},
) {
  return browser.postForm("/auth", {
    intent: "sign-in",
    email: credentials.email,
    password: credentials.password,
    returnTo: "/shop",
    ...fields,
  });
}

export function signOut(browser: BrowserSession, returnTo = "/shop") {
  return browser.postForm("/auth", { intent: "sign-out", returnTo });
}

/** Signs up and insists it worked: for tests about what a signed-in shopper can do. */
export async function signedUp(browser: BrowserSession, credentials: Credentials = newCredentials()) {
  const response = await signUp(browser, credentials);
  if (response.status !== 302 || !browser.cookie(SESSION_COOKIE)) {
    throw new Error(`sign-up answered ${response.status}: ${formError(response.html) ?? response.html.slice(0, 300)}`);
  }
  return credentials;
}

const decodeHtml = (text: string) =>
  text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");

/** The inline error a form on the /auth page shows, if any. */
export function formError(html: string): string | undefined {
  const match = /class="auth-form__error"[^>]*>([^<]*)</.exec(html);
  return match ? decodeHtml(match[1]!) : undefined;
}

/** What the server-rendered nav bar shows: the shopper's name and Sign Out, or Login. */
export function navOf(html: string) {
  const nav = /<nav class="nav"[\s\S]*?<\/nav>/.exec(html)?.[0];
  if (!nav) throw new Error(`the page has no nav bar: ${html.slice(0, 300)}`);
  const shopper = /class="nav__shopper"[^>]*>(?:<a[^>]*>)?([^<]*)</.exec(nav)?.[1];
  return {
    shopper: shopper === undefined ? undefined : decodeHtml(shopper),
    signOut: nav.includes(">Sign Out<"),
    login: nav.includes(">Login<"),
  };
}

export const signedInNav = (displayName: string) => ({ shopper: displayName, signOut: true, login: false });
export const guestNav = { shopper: undefined, signOut: false, login: true };

/** The session cookie a response set, with its attributes. */
export const sessionCookieOf = (response: PageResponse) =>
  response.setCookies.find((cookie) => cookie.name === SESSION_COOKIE);

/** better-auth's tables, which the shop's own schema types only in part. */
type AuthTables = {
  user: { id: string; name: string; email: string; createdAt: unknown; updatedAt: unknown };
  account: { id: string; accountId: string; providerId: string; userId: string; password: string | null };
  session: { id: string; token: string; userId: string; expiresAt: unknown };
};

const authDb = (db: Db) => db.withTables<AuthTables>();

/** Users whose email is this one in any letter case. */
export function usersWithEmail(db: Db, email: string) {
  return authDb(db)
    .selectFrom("user")
    .select(["id", "name", "email", "role", "createdAt"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .execute();
}

export function accountsOf(db: Db, userId: string) {
  return authDb(db)
    .selectFrom("account")
    .select(["accountId", "providerId", "password"])
    .where("userId", "=", userId)
    .execute();
}

export function sessionsOf(db: Db, userId: string) {
  return authDb(db).selectFrom("session").select(["id", "token"]).where("userId", "=", userId).execute();
}

/** A timestamp column as either engine returns it: a Date (pg), an ISO string or milliseconds (SQLite). */
export function asDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === "string" || typeof value === "number") return new Date(value);
  throw new Error(`not a timestamp: ${String(value)}`);
}

/** Waits (up to `timeoutMs`) until the server has written `text`; log lines arrive through a pipe. */
export async function waitForOutput(server: ServerProcess, text: string, timeoutMs = 5_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes(text) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return server.output();
}
