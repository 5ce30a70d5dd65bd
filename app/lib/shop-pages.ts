/**
 * The shop's own pages (DESIGN.md, "The shop's own name, pages and
 * policies"), written in Markdown at /admin/pages. An empty text keeps
 * About's and Contact's words as SPEC has them, and leaves a policy
 * unpublished.
 */
export interface ShopPages {
  aboutTitle: string;
  aboutHeading: string;
  aboutText: string;
  contactText: string;
  shippingPolicy: string;
  refundPolicy: string;
  privacyPolicy: string;
  termsOfService: string;
}

export type ShopPageKey = keyof ShopPages;

export const DEFAULT_ABOUT_TITLE = "Our Journey";
export const DEFAULT_ABOUT_HEADING = "Our Story";

/** The policies, each at its own address; the footer lists those with a text. */
export const POLICIES = [
  { key: "shippingPolicy", slug: "shipping", label: "Shipping policy" },
  { key: "refundPolicy", slug: "refunds", label: "Refund policy" },
  { key: "privacyPolicy", slug: "privacy", label: "Privacy policy" },
  { key: "termsOfService", slug: "terms", label: "Terms of service" },
] as const;

export type PolicySlug = (typeof POLICIES)[number]["slug"];

/** A published policy, as the footer and the checkout panel link it. */
export interface PolicyLink {
  slug: PolicySlug;
  label: string;
  path: string;
}

export const policyPath = (slug: PolicySlug) => `/policies/${slug}`;
