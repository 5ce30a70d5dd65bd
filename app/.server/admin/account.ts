import type { Shopper } from "../accounts/auth";
import { endOtherSessions } from "../accounts/sessions";
import { type Db, transaction } from "../db";
import { recordActivity } from "./activity";

export type SignInChange = "account.two_factor_on" | "account.two_factor_off" | "account.password";

/**
 * After the owner changed how her account signs in: every other session ends
 * at once, so a password someone else learnt stops working with the change
 * rather than at their next sign-in, and the change goes into the activity
 * log. `keepToken` is the session the owner made the change in.
 */
export async function signInChanged(
  db: Db,
  owner: Shopper,
  change: SignInChange,
  keepToken: string | undefined,
  now: number,
) {
  await transaction(db, async (trx) => {
    await endOtherSessions(trx, owner.id, keepToken);
    await recordActivity(trx, owner, { action: change, subjectType: "account", subject: owner.email }, now);
  });
}
