import { formatMoment } from "../admin/today";
import { type Db, transaction } from "../db";
import type { Logger } from "../logger";
import { enqueueOwnerEmail } from "../mail/outbox";
import { alertEmail } from "../mail/templates";
import { ALERT_TITLES, type AlertFacts, type AlertKey, MAIL_ALERTS, activeConditions } from "./rules";
import { type AlertState, claimAlertChange, storedAlerts } from "./state";

/** The outbox's kind for alert emails: they are the owner's, about no order. */
export const ALERT_EMAIL_KIND = "owner_alert";

export interface AlertChanges {
  started: AlertKey[];
  ended: AlertKey[];
}

/**
 * Compares the conditions that hold now with the record, and for each that
 * began or ended moves the record and queues one email to ALERT_EMAIL, in
 * one transaction: the email exists exactly when the change does, and of
 * several processes that check at once, one makes each change. A condition
 * that goes on holding changes nothing, however often it is checked.
 */
export async function checkAlerts(
  db: Db,
  facts: AlertFacts,
  options: { alertEmail: string; publicUrl: string; logger: Logger },
): Promise<AlertChanges> {
  const holding = new Map(activeConditions(facts).map((condition) => [condition.key, condition]));
  const changes: AlertChanges = { started: [], ended: [] };
  const when = formatMoment(facts.timeZone)(facts.now);
  for (const { stored, state } of await storedAlerts(db)) {
    const condition = holding.get(state.key);
    if (Boolean(condition) === state.active) continue;
    const title = ALERT_TITLES[state.key];
    const next: AlertState = condition
      ? { key: state.key, active: true, since: facts.now, text: condition.text }
      : { ...state, active: false, since: facts.now };
    const email = alertEmail(
      { title, text: next.text ?? title, started: next.active },
      { publicUrl: options.publicUrl, when },
    );
    try {
      const changed = await transaction(db, async (trx) => {
        if (!(await claimAlertChange(trx, stored, next))) return false;
        await enqueueOwnerEmail(trx, ALERT_EMAIL_KIND, options.alertEmail, email, facts.now);
        return true;
      });
      if (!changed) continue;
    } catch (error) {
      options.logger.error({ alert: state.key, error }, `${title}: the alert email could not be queued`);
      continue;
    }
    if (next.active) {
      changes.started.push(state.key);
      // Mail that fails cannot say so by mail: the log says it too, and Today.
      const mail = MAIL_ALERTS.includes(state.key) ? ", though mail is what fails" : "";
      options.logger.error(
        { alert: state.key },
        `${title}: ${next.text} (an email to ${options.alertEmail} is queued${mail})`,
      );
    } else {
      changes.ended.push(state.key);
      options.logger.info({ alert: state.key }, `${title}: over (an email to ${options.alertEmail} is queued)`);
    }
  }
  return changes;
}
