import type { MetaDescriptor } from "react-router";

const SHOP_NAME = "Wickshop";

interface PageMeta {
  title: string;
  description: string;
  /** Path of the page's canonical URL, e.g. "/shop/wax". */
  path: string;
  publicUrl: string | undefined;
  extra?: MetaDescriptor[];
}

/** Title, description and canonical link for a page, plus anything page-specific. */
export function pageMeta({ title, description, path, publicUrl, extra = [] }: PageMeta): MetaDescriptor[] {
  const canonical = `${publicUrl ?? ""}${path}`;
  return [
    { title: title === SHOP_NAME ? title : `${title} · ${SHOP_NAME}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: SHOP_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    ...extra,
  ];
}

/** The root loader's public URL, as seen from any route's meta function. */
export function publicUrlOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string | undefined {
  const root = matches.find((match) => match?.id === "root")?.data as { publicUrl?: string } | undefined;
  return root?.publicUrl;
}
