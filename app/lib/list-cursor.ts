/**
 * Where a page of a list newest first starts or ends: the (created_at, id)
 * of a row, as "1732600000000.42" in the URL. A cursor finds its place by an
 * index in any list, however long, where `?page=N` would read N pages first,
 * and rows added meanwhile do not shift what the next page shows.
 */
export interface ListCursor {
  at: number;
  id: number;
}

/** Which way a page goes from its cursor: `before` is older, `after` newer. */
export type PageFrom = { before: ListCursor } | { after: ListCursor } | Record<string, never>;

export const cursorParam = (cursor: ListCursor) => `${cursor.at}.${cursor.id}`;

/** A cursor a URL carries, or undefined for anything that is not one. */
export function parseCursor(param: string | null): ListCursor | undefined {
  const match = param === null ? null : /^(\d{1,15})\.(\d{1,15})$/.exec(param);
  return match ? { at: Number(match[1]), id: Number(match[2]) } : undefined;
}

/** The page a URL asks for: older than `before`, newer than `after`, or the newest. */
export function pageFromUrl(url: URL): PageFrom {
  const before = parseCursor(url.searchParams.get("before"));
  if (before) return { before };
  const after = parseCursor(url.searchParams.get("after"));
  return after ? { after } : {};
}

/** The list's URL (`path`, with its filters) going `way` from `cursor`. */
export const cursorPath = (path: string, way: "before" | "after", cursor: ListCursor) =>
  `${path}${path.includes("?") ? "&" : "?"}${way}=${cursorParam(cursor)}`;
