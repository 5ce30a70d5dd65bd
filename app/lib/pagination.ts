/**
 * Long lists (a category with thousands of candles, a shop with dozens of
 * categories) come in pages at `?page=N`, so every page stays as light as the
 * demo shop's; page 1 is the list's own URL.
 */

/** The page a `?page=` parameter asks for: 1 without one; undefined for anything but a whole number from 1. */
export function parsePageNumber(param: string | null): number | undefined {
  if (param === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(param)) return undefined;
  return Number(param);
}

export const pageCount = (items: number, perPage: number) => Math.max(1, Math.ceil(items / perPage));

export const pagePath = (path: string, page: number) =>
  page === 1 ? path : `${path}${path.includes("?") ? "&" : "?"}page=${page}`;

/** The pages to link to: the first, the last, and the current one with its neighbours; `null` marks a gap. */
export function pageLinks(current: number, last: number): (number | null)[] {
  const shown = [...new Set([1, current - 1, current, current + 1, last])]
    .filter((page) => page >= 1 && page <= last)
    .sort((a, b) => a - b);
  return shown.flatMap((page, index) => {
    const previous = shown[index - 1];
    if (previous === undefined || page === previous + 1) return [page];
    // A gap of one page shows that page; a longer one an ellipsis.
    return page === previous + 2 ? [previous + 1, page] : [null, page];
  });
}
