import { redirect } from "react-router";
import type { Db } from "../db";

/**
 * A renamed category's old URL (kept in category_redirects by the owner's
 * rename) redirects permanently to the same page under the new one, product
 * pages and query string included; any other unknown category does nothing here.
 */
export async function redirectRenamedCategory(db: Db, slug: string, url: URL) {
  const row = await db
    .selectFrom("category_redirects as r")
    .innerJoin("categories as c", "c.id", "r.category_id")
    .select("c.slug")
    .where("r.slug", "=", slug)
    .executeTakeFirst();
  if (!row) return;
  const rest = url.pathname.split("/").slice(3).join("/");
  throw redirect(`/shop/${encodeURIComponent(row.slug)}${rest ? `/${rest}` : ""}${url.search}`, 301);
}
