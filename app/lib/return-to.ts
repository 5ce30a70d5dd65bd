const BASE = "http://return-to.invalid";

/** Tabs, line breaks and the like, and backslashes: browsers drop the first and read the second as "/". */
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

/** The same, and "/", percent-encoded: a proxy or a second decoding would turn "/%2F/host" into "//host". */
const ENCODED_SLASH_OR_CONTROL = /%(?:2f|5c|[01][0-9a-f]|7f)/i;

/** One "/", then anything but another "/" or a "\": what a browser reads as a path, never as "//host". */
const PATH_ON_THIS_SITE = /^\/(?![/\\])/;

/**
 * Where to send the shopper after signing in: a path on this site only, never another site.
 * The value is judged as the URL parser leaves it, since that is what the Location header
 * says: "/.//evil.example" checked raw looks like a path, and normalised it is "//evil.example".
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || CONTROL_OR_BACKSLASH.test(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return "/";
  }
  const { origin, pathname } = url;
  const onThisSite = origin === BASE && PATH_ON_THIS_SITE.test(pathname) && !ENCODED_SLASH_OR_CONTROL.test(pathname);
  // Back to the sign-in pages themselves would go round in a circle.
  if (!onThisSite || pathname.startsWith("/auth")) return "/";
  return pathname + url.search + url.hash;
}
