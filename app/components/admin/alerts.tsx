interface AlertsProps {
  active: { key: string; title: string; text: string; since: string | null }[];
  unsentEmails: { id: number; text: string }[];
}

/**
 * Today's "Needs you": what the alert emails are about while it holds, and
 * the alert emails that could not be sent. Nothing when all is well.
 */
export function Alerts({ active, unsentEmails }: AlertsProps) {
  if (active.length === 0 && unsentEmails.length === 0) return null;
  return (
    <section className="admin-section" aria-labelledby="alerts-title">
      <h2 id="alerts-title" className="admin-section__title">
        Needs you
      </h2>
      <ul className="admin-cards">
        {active.map((alert) => (
          <li key={alert.key} className="admin-card">
            <p className="admin-card__title">{alert.title}</p>
            <p className="admin-card__detail">
              {alert.text}
              {alert.since ? ` (since ${alert.since})` : ""}
            </p>
          </li>
        ))}
        {unsentEmails.map((email) => (
          <li key={email.id} className="admin-card">
            <p className="admin-card__title">An alert email is not going out</p>
            <p className="admin-card__detail">{email.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
