import { isPlainLine } from "~/lib/plain-text";
import { z } from "~/lib/zod";

// The checks of /admin/settings and of a settings file. They run only on the server: the
// pages share shop-settings.ts, and zod there would ship to every shopper's browser.

const line = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} has at most ${max} characters.`)
    .refine(isPlainLine, `${label} must be plain text on one line.`);

const isHttps = (text: string) => {
  try {
    return new URL(text).protocol === "https:";
  } catch {
    return false;
  }
};

/** A social page: empty, or an https link (a shopper's browser warns on anything else). */
const socialLink = (label: string, example: string) =>
  line(label, 300).refine(
    (text) => text === "" || isHttps(text),
    `${label} must be an https link, like ${example}, or empty to hide it.`,
  );

export const shopSettingsSchema = z
  .object({
    name: line("Shop name", 60).pipe(z.string().min(1, "Give the shop a name.")),
    tagline: line("Tagline", 120),
    contactEmail: z
      .string()
      .trim()
      .max(254, "Contact email is too long.")
      .pipe(z.email("Enter an email address, like hello@yourshop.com.")),
    phone: line("Phone", 30).refine(
      (text) => text === "" || /^\+?[0-9 ()./-]+$/.test(text),
      "Phone may hold only digits, spaces and + ( ) . - /",
    ),
    address: z
      .string()
      .trim()
      .max(300, "Business address has at most 300 characters.")
      .refine((text) => isPlainLine(text.replaceAll(/\r?\n/g, " ")), "Business address must be plain text."),
    facebook: socialLink("Facebook", "https://www.facebook.com/yourshop"),
    instagram: socialLink("Instagram", "https://www.instagram.com/yourshop"),
    etsy: socialLink("Etsy", "https://www.etsy.com/shop/yourshop"),
    announcement: line("Announcement", 140),
    announcementLink: line("Announcement link", 300).refine(
      (text) => text === "" || (text.startsWith("/") && !text.startsWith("//")) || isHttps(text),
      "Announcement link must be a page of the shop, like /shop/seasonal, or an https link.",
    ),
  })
  .strict();
