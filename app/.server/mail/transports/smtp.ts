import nodemailer from "nodemailer";
import type { MailTransport } from ".";
import { mailOptions } from "./message";

/**
 * Timeouts well inside the worker's claim lease (delivery.ts): a server that
 * stops answering must fail the send, not hold the queue, delay shutdown, or
 * outlive the claim so that another process sends the message again.
 */
const TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export function smtpTransport(smtpUrl: string, from: string, host: string): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS });
  return {
    name: "SMTP",
    async send(message, senderName) {
      await transporter.sendMail(mailOptions(message, { name: senderName, address: from }, host));
    },
    close: () => transporter.close(),
  };
}
