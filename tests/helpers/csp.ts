/** The policy's directives by name, e.g. { "script-src": ["'self'", "'nonce-…'"] }. */
export function cspOf(response: { headers: Headers }) {
  const header = response.headers.get("content-security-policy");
  if (!header) throw new Error("no Content-Security-Policy header");
  return Object.fromEntries(
    header
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The nonce of each inline script a page runs (JSON-LD is data, never run, so it needs none). */
export const inlineScriptNonces = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))([^>]*)>/g)].map(
    (match) => /nonce="([^"]*)"/.exec(match[1]!)?.[1],
  );

/** The nonce a response's policy allows scripts with. */
export function policyNonce(response: { headers: Headers }): string | undefined {
  const source = cspOf(response)["script-src"]?.find((value: string) => value.startsWith("'nonce-"));
  return source && /^'nonce-(.+)'$/.exec(source)?.[1];
}
