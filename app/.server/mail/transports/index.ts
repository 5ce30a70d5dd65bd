import type { Config } from "../../config";
import type { OutboxRow } from "../../db/schema";
import { emailjsTransport } from "./emailjs";
import { fileTransport } from "./file";
import { smtpTransport } from "./smtp";

/** Delivers one queued message; throws when it did not go out, so the worker retries it. */
export interface MailTransport {
  name: string;
  /** `senderName`: the shop's name as it is now, the From line's display name. */
  send(message: OutboxRow, senderName: string): Promise<void>;
  close?(): void;
}

/** DESIGN.md: EmailJS when configured, else SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox. */
export function createMailTransport(config: Config): MailTransport {
  if (config.emailjs) return emailjsTransport(config.emailjs);
  const host = new URL(config.publicUrl).hostname;
  if (config.smtpUrl) return smtpTransport(config.smtpUrl, config.shopEmail, host);
  return fileTransport(config.dataDir, config.shopEmail, host);
}
