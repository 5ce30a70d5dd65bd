/** Where to send the shopper after signing in: a path on this site only, never another site. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  return value.startsWith("/auth") ? "/" : value;
}
