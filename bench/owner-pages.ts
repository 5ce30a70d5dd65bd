import type { OwnerPageFigure } from "./back-office-run";
import type { BackOfficeSettings } from "./settings";
import { median } from "./stats";
import { percentile, timedGet } from "./timed-get";

/** A slow page is still an answer; one that takes longer than this is a failure. */
const REQUEST_TIMEOUT_MS = 120_000;

export interface OwnerPage {
  label: string;
  path: string;
  /** The session cookie of whoever opens it: the owner, or the shopper for /account. */
  cookie: string;
  note?: string;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A page's answer times over `requestsPerPage` requests, one after another as
 * one person clicks, after one that warms it up (and checks it answers 200);
 * fewer when they have taken `pageSeconds` together.
 */
export async function timeOwnerPage(
  baseUrl: string,
  page: OwnerPage,
  settings: BackOfficeSettings,
): Promise<OwnerPageFigure> {
  const figure = { label: page.label, path: page.path, ...(page.note ? { note: page.note } : {}) };
  const get = () => timedGet(baseUrl + page.path, { cookie: page.cookie, timeoutMs: REQUEST_TIMEOUT_MS });
  const times: number[] = [];
  let bytes = 0;
  try {
    const warm = await get();
    if (warm.status !== 200) throw new Error(`answered ${warm.status}`);
    const deadline = performance.now() + settings.pageSeconds * 1000;
    while (times.length < settings.requestsPerPage && (times.length === 0 || performance.now() < deadline)) {
      const answer = await get();
      if (answer.status !== 200) throw new Error(`answered ${answer.status}`);
      times.push(answer.totalMs);
      bytes = answer.bytes;
    }
  } catch (error) {
    if (times.length === 0)
      return { ...figure, requests: 0, medianMs: 0, p95Ms: 0, maxMs: 0, bytes: 0, failed: errorText(error) };
  }
  return {
    ...figure,
    requests: times.length,
    medianMs: median(times),
    p95Ms: percentile(times, 0.95),
    maxMs: Math.max(...times),
    bytes,
  };
}

const decodeHref = (href: string) => href.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

/** The href of the page's link whose text says "Older" (keyset pagination), if it has one. */
export function olderLink(html: string): string | undefined {
  for (const match of html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi)) {
    const text = match[2]!.replace(/<[^>]*>/g, "");
    const href = /\bhref="([^"]*)"/i.exec(match[1]!)?.[1];
    if (href && /\bolder\b/i.test(text)) return decodeHref(href);
  }
  return undefined;
}

async function pageHtml(baseUrl: string, path: string, cookie: string) {
  const response = await fetch(baseUrl + path, { headers: { cookie }, redirect: "manual" });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return response.text();
}

/**
 * The orders list `settings.deepPage` pages in. With keyset pagination (an
 * "Older" link on the list), by following that link as the owner would, for
 * up to `deepSeconds`; without one, `?page=`.
 */
export async function deepOrdersPage(
  baseUrl: string,
  cookie: string,
  settings: BackOfficeSettings,
): Promise<{ path: string; note: string }> {
  let path = "/admin/orders";
  let older = olderLink(await pageHtml(baseUrl, path, cookie));
  if (older === undefined) return { path: `${path}?page=${settings.deepPage}`, note: `?page=${settings.deepPage}` };
  const deadline = performance.now() + settings.deepSeconds * 1000;
  let hops = 0;
  while (older !== undefined && hops < settings.deepPage - 1 && performance.now() < deadline) {
    const next = new URL(older, baseUrl + path);
    path = next.pathname + next.search;
    hops++;
    older = olderLink(await pageHtml(baseUrl, path, cookie));
  }
  const why =
    hops < settings.deepPage - 1
      ? older === undefined
        ? " (the list ended there)"
        : ` (the time bound, ${settings.deepSeconds} s, ended the walk)`
      : "";
  return { path, note: `"Older" followed ${hops} times${why}` };
}
