import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../../private-files";
import type { MailTransport } from ".";
import { mailOptions } from "./message";

/**
 * The default: each message becomes DATA_DIR/outbox/<id>.eml (RFC 5322), so a
 * new shop sees its emails with no set-up. Written to a temporary name and
 * renamed, so a half-written file never shows, and a resend replaces it.
 */
export function fileTransport(dataDir: string, from: string, host: string): MailTransport {
  const folder = path.join(dataDir, "outbox");
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    name: "files",
    async send(message, senderName) {
      const info = await composer.sendMail(mailOptions(message, { name: senderName, address: from }, host));
      // A customer's name, address and order: the shop's user's alone, whatever the umask (private-files.ts).
      await fs.mkdir(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
      const file = path.join(folder, `${message.id}.eml`);
      await fs.writeFile(`${file}.tmp`, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      await fs.rename(`${file}.tmp`, file);
    },
  };
}
