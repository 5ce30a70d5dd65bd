import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";

/** The worker's shop writes each email as DATA_DIR/outbox/<id>.eml (the files transport). */
async function emailIn(outbox: string, subject: string): Promise<ParsedMail | undefined> {
  for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith(".eml")) : []) {
    const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
    if (mail.subject === subject) return mail;
  }
  return undefined;
}

/** The email with this subject, once the shop's delivery job has written it. */
export async function outboxEmail(subject: string): Promise<ParsedMail> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  await expect.poll(async () => (await emailIn(outbox, subject)) !== undefined, { timeout: 15_000 }).toBe(true);
  return (await emailIn(outbox, subject))!;
}
