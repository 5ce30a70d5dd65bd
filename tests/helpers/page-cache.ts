import { expect } from "vitest";
import type { BrowserSession } from "./browser-session";

/**
 * GETs a browsing page and checks that the page cache answered it: the
 * cache answers every guest's GET of such a page from a kept copy, the one
 * that missed too, and each of its answers carries the copy's ETag (a page
 * rendered for a session has none).
 */
export async function cachedGet(browser: BrowserSession, path: string) {
  const response = await browser.get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("etag"), `${path} came from the page cache`).not.toBeNull();
  return response;
}
