import type { OutboxRow } from "../../db/schema";

/** The nodemailer message for a queued email; its Message-ID is stable, so a resend is recognisable. */
export function mailOptions(message: OutboxRow, from: string) {
  return {
    from: `Wickshop <${from}>`,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: `<outbox-${message.id}-${message.created_at}@wickshop>`,
    date: new Date(message.created_at),
  };
}
