const BASE = "http://return-to.invalid";

const hasControlOrBackslash = (value: string) =>
  [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f || char === "\\");

/** Where to send the shopper after signing in: a path on this site only, never another site. */
export function safeReturnTo(value: unknown): string {
  // Control characters (tabs, line breaks) are dropped by browsers in URLs and would
  // turn "/\t/evil.example" into "//evil.example"; such a value is never ours.
  if (typeof value !== "string" || !value.startsWith("/") || hasControlOrBackslash(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return "/";
  }
  if (url.origin !== BASE || url.pathname.startsWith("/auth")) return "/";
  return url.pathname + url.search + url.hash;
}
