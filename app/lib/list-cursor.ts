/**
 * Where a page of a list newest first starts or ends: the id of a row, as
 * "42" in the URL. Ids grow with the moment a row was written, so they are
 * the list's order; a cursor finds its place by an index in any list,
 * however long, where `?page=N` would read N pages first, and rows added
 * meanwhile do not shift what the next page shows.
 */
export type PageFrom = { before: number } | { after: number } | Record<string, never>;

/** The largest id the lists' tables can hold: PostgreSQL's `integer`. */
const MAX_ID = 2 ** 31 - 1;

/**
 * A cursor a URL carries, or undefined for anything that is not one. The
 * lists once paged by "{created_at}.{id}": a bookmark of such a page still
 * finds its place by the id it ends with.
 */
export function parseCursor(param: string | null): number | undefined {
  const match = param === null ? null : /^(?:\d{1,15}\.)?(\d{1,10})$/.exec(param);
  const id = match ? Number(match[1]) : undefined;
  return id !== undefined && id <= MAX_ID ? id : undefined;
}

/** The page a URL asks for: older than `before`, newer than `after`, or the newest. */
export function pageFromUrl(url: URL): PageFrom {
  const before = parseCursor(url.searchParams.get("before"));
  if (before !== undefined) return { before };
  const after = parseCursor(url.searchParams.get("after"));
  return after !== undefined ? { after } : {};
}

/** The list's URL (`path`, with its filters) going `way` from the row `id`. */
export const cursorPath = (path: string, way: "before" | "after", id: number) =>
  `${path}${path.includes("?") ? "&" : "?"}${way}=${id}`;
