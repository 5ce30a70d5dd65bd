import type { OutboxRow } from "../../db/schema";

/**
 * The nodemailer message for a queued email; its Message-ID is stable, so a
 * resend is recognisable, and in the shop's own domain (`host`, PUBLIC_URL's).
 */
export function mailOptions(message: OutboxRow, from: string, host: string) {
  return {
    from: `Wickshop <${from}>`,
    to: message.to,
    replyTo: message.reply_to ?? undefined,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: `<outbox-${message.id}-${message.created_at}@${host}>`,
    date: new Date(message.created_at),
  };
}
