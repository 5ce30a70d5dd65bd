import { formatMoment } from "../admin/today";
import type { Db } from "../db";
import { ALERT_EMAIL_KIND } from "./check";
import { ALERT_TITLES } from "./rules";
import { alertStates } from "./state";

/**
 * What Today shows of the alerts: the conditions that hold, and the alert
 * emails that could not be sent yet (mail that fails cannot say so by mail).
 */
export async function alertsOnToday(db: Db, timeZone: string) {
  const moment = formatMoment(timeZone);
  const active = (await alertStates(db))
    .filter((state) => state.active)
    .map((state) => ({
      key: state.key,
      title: ALERT_TITLES[state.key],
      text: state.text ?? "",
      since: state.since === null ? null : moment(state.since),
    }));
  const unsent = await db
    .selectFrom("outbox")
    .select(["id", "to", "subject", "last_error"])
    .where("status", "in", ["pending", "failed"])
    .where("kind", "=", ALERT_EMAIL_KIND)
    .where("last_error", "is not", null)
    .orderBy("id")
    .execute();
  return {
    active,
    unsentEmails: unsent.map((email) => ({
      id: email.id,
      text: `"${email.subject}" to ${email.to} could not be sent: ${email.last_error}`,
    })),
  };
}
