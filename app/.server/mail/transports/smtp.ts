import nodemailer from "nodemailer";
import type { MailTransport } from ".";
import { mailOptions } from "./message";

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: "SMTP",
    async send(message) {
      await transporter.sendMail(mailOptions(message, from));
    },
    close: () => transporter.close(),
  };
}
