import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { type Auth, OWNER_ROLE, type Shopper, getShopper, redirectWithAuthCookies } from "../accounts/auth";
import { carriesSessionCookie } from "../accounts/session-cookie";
import { endOtherSessions } from "../accounts/sessions";
import { type Db, type Trx, transaction } from "../db";
import { type Actor, recordActivity } from "./activity";

/** The sign-in page, coming back to the page asked for (`url` is React Router's: never a `.data` URL). */
const signInThenBackTo = (url: URL) => `/auth?returnTo=${encodeURIComponent(url.pathname + url.search)}`;

/**
 * The gate of every /admin loader and action, checked on the server each
 * time: signed out, to the sign-in page and back; signed in without the
 * owner role, the not-found view, so the back office does not even show
 * that it exists. An owner with two-factor on gets in only through a session
 * that gave a code; any other session of hers is signed out here, however
 * it was made.
 */
export async function requireOwner(auth: Auth, request: Request, url: URL): Promise<Shopper> {
  const shopper = await getShopper(auth, request.headers);
  if (!shopper)
    // A cookie whose session is gone goes too. The layout's and the page's loaders run side by side: when one signs
    // the session out, the other finds nobody, and React Router may send that one's redirect.
    throw carriesSessionCookie(request.headers.get("cookie") ?? undefined)
      ? await signedOutToSignIn(auth, request, url)
      : redirect(signInThenBackTo(url));
  if (!shopper.isOwner) throw data(null, { status: 404 });
  if (shopper.twoFactorEnabled && !shopper.twoFactorPassed) throw await signedOutToSignIn(auth, request, url);
  return shopper;
}

/** An owner whose sign-in is whole, her second factor passed when she has one: whom the back office lets in. */
export const isSignedInOwner = (shopper: Shopper | undefined) =>
  shopper !== undefined && shopper.isOwner && (!shopper.twoFactorEnabled || shopper.twoFactorPassed);

/** Ends the request's session, if it still has one, and sends it to sign in with its cookie cleared. */
async function signedOutToSignIn(auth: Auth, request: Request, url: URL) {
  const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
  return redirectWithAuthCookies(signInThenBackTo(url), headers);
}

/** How recent a sign-in must be for the owner to give money back. */
const REFUND_SIGN_IN_MS = 24 * 60 * 60_000;

/** Whether the owner signed in (typed her password) within the last day: refunds ask for it. */
export const signedInRecently = (owner: Shopper, now: number) =>
  now - new Date(owner.signedInAt).getTime() < REFUND_SIGN_IN_MS;

/** Who the activity log names for what `npm run owner:create` does. */
export const OWNER_CREATE: Actor = { id: "owner:create", displayName: "npm run owner:create" };

const accountByEmail = (db: Db, email: string) =>
  db
    .selectFrom("user")
    .select(["id", "name", "email", "role"])
    .where("email", "=", email.toLowerCase())
    .executeTakeFirst();

export type OwnerChange =
  | { kind: "created" }
  | { kind: "promoted" }
  | { kind: "already_owner" }
  | { kind: "removed" }
  | { kind: "not_owner" }
  | { kind: "no_account" };

/**
 * Makes `email` an owner with the password given. An account that exists
 * already (anyone can sign up under any address) gets the role, the name and
 * that password; every session it had ends and any Google sign-in linked to
 * it goes, so nobody who registered it keeps a way in.
 */
export async function makeOwner(
  db: Db,
  auth: Auth,
  owner: { email: string; name: string; password: () => Promise<string> },
  now: number,
): Promise<OwnerChange> {
  const email = owner.email.toLowerCase();
  const account = await accountByEmail(db, email);
  if (account?.role === OWNER_ROLE) return { kind: "already_owner" };
  const password = await owner.password();
  const logged = { subjectType: "account", subject: email } as const;
  if (!account) {
    await auth.api.createUser({ body: { email, name: owner.name, password, role: OWNER_ROLE } });
    await recordActivity(db, OWNER_CREATE, { action: "owner.created", ...logged }, now);
    return { kind: "created" };
  }
  const hash = await (await auth.$context).password.hash(password);
  await transaction(db, async (trx) => {
    await trx.updateTable("user").set({ role: OWNER_ROLE, name: owner.name }).where("id", "=", account.id).execute();
    await setPasswordOnly(trx, account.id, hash, now);
    await endOtherSessions(trx, account.id, undefined);
    await recordActivity(
      trx,
      OWNER_CREATE,
      { action: "owner.promoted", ...logged, before: { name: account.name }, after: { name: owner.name } },
      now,
    );
  });
  return { kind: "promoted" };
}

/** Makes `hash` the account's only way to sign in: its password sign-in set or made, every other (Google) removed. */
async function setPasswordOnly(trx: Trx, userId: string, hash: string, now: number) {
  // Written as better-auth writes its dates: ISO text on SQLite, a timestamp on PostgreSQL.
  const at = new Date(now).toISOString();
  await trx.deleteFrom("account").where("userId", "=", userId).where("providerId", "<>", "credential").execute();
  const updated = await trx
    .updateTable("account")
    .set({ password: hash, updatedAt: at })
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (updated.numUpdatedRows > 0n) return;
  await trx
    .insertInto("account")
    .values({
      id: randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: hash,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
}

/** Takes the owner role away; the account stays, as a shopper's, and its next request no longer opens /admin. */
export async function removeOwner(db: Db, email: string, now: number): Promise<OwnerChange> {
  const account = await accountByEmail(db, email);
  if (!account) return { kind: "no_account" };
  if (account.role !== OWNER_ROLE) return { kind: "not_owner" };
  await transaction(db, async (trx) => {
    await trx.updateTable("user").set({ role: "shopper" }).where("id", "=", account.id).execute();
    await recordActivity(
      trx,
      OWNER_CREATE,
      { action: "owner.removed", subjectType: "account", subject: account.email },
      now,
    );
  });
  return { kind: "removed" };
}
