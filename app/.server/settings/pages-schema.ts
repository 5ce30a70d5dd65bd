import { isPlainLine } from "~/lib/plain-text";
import type { PageFormName } from "~/lib/page-forms";
import { DEFAULT_ABOUT_HEADING, DEFAULT_ABOUT_TITLE, type ShopPageKey, type ShopPages } from "~/lib/shop-pages";
import { z } from "~/lib/zod";

// The checks of /admin/pages and of a settings file, on the server only (see settings-schema.ts).

/** A page's Markdown: long enough for a full policy, short enough to render at every request. */
const MAX_TEXT = 20_000;

const text = z.string().max(MAX_TEXT, `A page has at most ${MAX_TEXT.toLocaleString("en-US")} characters.`);

const line = (label: string, fallback: string) =>
  z
    .string()
    .trim()
    .max(80, `${label} has at most 80 characters.`)
    .refine(isPlainLine, `${label} must be plain text on one line.`)
    .transform((value) => value || fallback);

/**
 * What each form saves, checked: a Text as typed (Markdown keeps its line breaks), About's lines trimmed. A
 * field of another form is left out, so one form never changes another page.
 */
const pageFields = {
  aboutTitle: line("Title", DEFAULT_ABOUT_TITLE),
  aboutHeading: line("Heading", DEFAULT_ABOUT_HEADING),
  aboutText: text,
  contactText: text,
  shippingPolicy: text,
  refundPolicy: text,
  privacyPolicy: text,
  termsOfService: text,
};

const formOf = (...keys: ShopPageKey[]) => z.object(Object.fromEntries(keys.map((key) => [key, pageFields[key]])));

export const pageFormSchemas: Record<PageFormName, z.ZodType<Partial<ShopPages>>> = {
  about: formOf("aboutTitle", "aboutHeading", "aboutText"),
  contact: formOf("contactText"),
  shipping: formOf("shippingPolicy"),
  refunds: formOf("refundPolicy"),
  privacy: formOf("privacyPolicy"),
  terms: formOf("termsOfService"),
};

/** Any of the pages' texts, as a settings file carries them (settings-file.ts). */
export const pageTextsSchema = z.object(pageFields).partial().strict();
