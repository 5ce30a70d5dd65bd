import { POLICIES, type PolicySlug, type ShopPageKey } from "./shop-pages";

// Apart from shop-pages.ts, which every page's layout imports: only /admin/pages and its templates need the forms.

/** Each form of /admin/pages: its fields, which the activity log names by these labels. */
export const PAGE_FORMS = {
  about: { title: "About", fields: { aboutTitle: "Title", aboutHeading: "Heading", aboutText: "Text" } },
  contact: { title: "Contact", fields: { contactText: "Text" } },
  ...Object.fromEntries(POLICIES.map(({ key, slug, label }) => [slug, { title: label, fields: { [key]: "Text" } }])),
} as Record<"about" | "contact" | PolicySlug, { title: string; fields: Partial<Record<ShopPageKey, string>> }>;

export type PageFormName = keyof typeof PAGE_FORMS;

export const isPageForm = (name: string): name is PageFormName => Object.hasOwn(PAGE_FORMS, name);
