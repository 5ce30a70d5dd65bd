import { isPlainLine } from "./plain-text";
import { z } from "./zod";

/** The name a fresh shop has (DESIGN.md): everything reads as it did before the owner names hers. */
export const DEFAULT_SHOP_NAME = "Wickshop";
export const DEFAULT_TAGLINE = "Hand-poured in small batches.";

/**
 * The shop's own name, contact and links, as /admin/settings saves them and
 * every page shows them (DESIGN.md, "The shop's own name, pages and
 * policies"). An empty social link hides it; an empty announcement shows none.
 */
export interface ShopSettings {
  name: string;
  tagline: string;
  contactEmail: string;
  phone: string;
  address: string;
  facebook: string;
  instagram: string;
  etsy: string;
  announcement: string;
  /** Where the announcement leads, if anywhere: a page of the shop ("/shop/seasonal") or an https link. */
  announcementLink: string;
}

export type ShopSettingKey = keyof ShopSettings;

/** The owner's logo as the pages use it (/admin/settings): the nav's image, the favicon and the touch icon. */
export interface ShopLogo {
  nav: { url: string; width: number; height: number };
  icon: string;
  touchIcon: string;
}

/** What a logo file may be: a drawing (SVG) could carry scripts. */
export const LOGO_TYPES = "image/png,image/jpeg,image/webp";

/** The form's labels, which the refusals and the activity log name the fields by. */
export const SHOP_SETTING_LABELS: Record<ShopSettingKey, string> = {
  name: "Shop name",
  tagline: "Tagline",
  contactEmail: "Contact email",
  phone: "Phone",
  address: "Business address",
  facebook: "Facebook",
  instagram: "Instagram",
  etsy: "Etsy",
  announcement: "Announcement",
  announcementLink: "Announcement link",
};

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
