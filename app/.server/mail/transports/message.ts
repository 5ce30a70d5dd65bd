import type { OutboxRow } from "../../db/schema";

/**
 * The nodemailer message for a queued email, from the shop by its name; its
 * Message-ID is stable, so a resend is recognisable, and in the shop's own
 * domain (`host`, PUBLIC_URL's).
 */
export function mailOptions(message: OutboxRow, sender: { name: string; address: string }, host: string) {
  return {
    // nodemailer quotes a name with commas or quotes in it; a template string would not.
    from: sender,
    to: message.to,
    replyTo: message.reply_to ?? undefined,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: `<outbox-${message.id}-${message.created_at}@${host}>`,
    date: new Date(message.created_at),
  };
}
