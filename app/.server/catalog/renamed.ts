import { redirect } from "react-router";
import type { Db } from "../db";

/**
 * A renamed category's old URL (kept in category_redirects by the owner's
 * rename) redirects permanently to the same page under the new one: the
 * category page (`rest` empty, with its page number) or a product page
 * (`rest` is the product's id). It is built from the route's own parameters,
 * never from the request's path, which ends in `.data` when the app asks
 * for the page's data. Any other unknown category does nothing here.
 */
export async function redirectRenamedCategory(db: Db, slug: string, page: { rest?: string; url: URL }) {
  const row = await db
    .selectFrom("category_redirects as r")
    .innerJoin("categories as c", "c.id", "r.category_id")
    .select("c.slug")
    .where("r.slug", "=", slug)
    .executeTakeFirst();
  if (!row) return;
  const pageNumber = page.url.searchParams.get("page");
  const query = pageNumber === null ? "" : `?${new URLSearchParams({ page: pageNumber })}`;
  throw redirect(
    `/shop/${encodeURIComponent(row.slug)}${page.rest ? `/${encodeURIComponent(page.rest)}` : ""}${query}`,
    301,
  );
}
