import { data, redirect } from "react-router";
import { type Auth, OWNER_ROLE, type Shopper, getShopper } from "../accounts/auth";
import type { Db } from "../db";

/** What an owner's password must be: longer than a shopper's, since it opens every order. */
export const OWNER_PASSWORD_LENGTH = { min: 12, max: 128 };

/**
 * The gate of every /admin loader and action, checked on the server each
 * time: signed out, to the sign-in page and back; signed in without the
 * owner role, the not-found view, so the back office does not even show
 * that it exists.
 */
export async function requireOwner(auth: Auth, request: Request): Promise<Shopper> {
  const shopper = await getShopper(auth, request.headers);
  if (!shopper) {
    const url = new URL(request.url);
    throw redirect(`/auth?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (!shopper.isOwner) throw data(null, { status: 404 });
  return shopper;
}

/** How recent a sign-in must be for the owner to give money back. */
const REFUND_SIGN_IN_MS = 24 * 60 * 60_000;

/** Whether the owner signed in (typed her password) within the last day: refunds ask for it. */
export const signedInRecently = (owner: Shopper, now: number) => now - new Date(owner.signedInAt).getTime() < REFUND_SIGN_IN_MS;

const accountByEmail = (db: Db, email: string) =>
  db.selectFrom("user").select(["id", "name", "email", "role"]).where("email", "=", email.toLowerCase()).executeTakeFirst();

export type OwnerChange = "created" | "promoted" | "already_owner" | "removed" | "not_owner" | "no_account";

/**
 * Makes `email` an owner: gives an existing account the role (its name and
 * password stay), or creates the account when there is none, asking for its
 * password only then.
 */
export async function makeOwner(db: Db, auth: Auth, owner: { email: string; name: string; password: () => Promise<string> }): Promise<OwnerChange> {
  const account = await accountByEmail(db, owner.email);
  if (account?.role === OWNER_ROLE) return "already_owner";
  if (account) {
    await db.updateTable("user").set({ role: OWNER_ROLE }).where("id", "=", account.id).execute();
    return "promoted";
  }
  await auth.api.createUser({ body: { email: owner.email.toLowerCase(), name: owner.name, password: await owner.password(), role: OWNER_ROLE } });
  return "created";
}

/** Takes the owner role away; the account stays, as a shopper's, and its next request no longer opens /admin. */
export async function removeOwner(db: Db, email: string): Promise<OwnerChange> {
  const account = await accountByEmail(db, email);
  if (!account) return "no_account";
  if (account.role !== OWNER_ROLE) return "not_owner";
  await db.updateTable("user").set({ role: "shopper" }).where("id", "=", account.id).execute();
  return "removed";
}
