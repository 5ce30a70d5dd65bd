import type { MetaDescriptor } from "react-router";
import { DEFAULT_SHOP_NAME, type ShopSettings } from "./shop-settings";

/** A meta function's `matches`: the root's among them carries the shop's settings and public URL. */
export type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

interface PageMeta {
  /** The page's own title; home has none and is titled by the shop's name alone. */
  title?: string;
  description: string;
  /** Path of the page's canonical URL, e.g. "/shop/wax". */
  path: string;
  matches: Matches;
  extra?: MetaDescriptor[];
}

/** What the root loader gives every page's meta: the public URL and the shop's name. */
export function rootOf(matches: Matches): { publicUrl: string | undefined; shopName: string } {
  const root = matches.find((match) => match?.id === "root")?.data as
    { publicUrl?: string; shop?: ShopSettings } | undefined;
  return { publicUrl: root?.publicUrl, shopName: root?.shop?.name ?? DEFAULT_SHOP_NAME };
}

/** The shop's settings as the root loader gave them, for a page's JSON-LD. */
export function shopOf(matches: Matches): ShopSettings | undefined {
  return (matches.find((match) => match?.id === "root")?.data as { shop?: ShopSettings } | undefined)?.shop;
}

/** A page's title: "{title} · {shop's name}", as every tab and bookmark shows it. */
export const titleOf = (title: string, matches: Matches) => `${title} · ${rootOf(matches).shopName}`;

/** A back-office page's title: "{title} — {shop's name} back office". */
export const backOfficeTitle = (title: string, matches: Matches) =>
  `${title} — ${rootOf(matches).shopName} back office`;

/** Title, description and canonical link for a page, plus anything page-specific. */
export function pageMeta({ title, description, path, matches, extra = [] }: PageMeta): MetaDescriptor[] {
  const { publicUrl, shopName } = rootOf(matches);
  const canonical = `${publicUrl ?? ""}${path}`;
  return [
    { title: title === undefined ? shopName : `${title} · ${shopName}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: shopName },
    { property: "og:title", content: title ?? shopName },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    ...extra,
  ];
}
