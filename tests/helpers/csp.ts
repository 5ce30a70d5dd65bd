import { createHash } from "node:crypto";

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

/** The inline scripts a page runs (JSON-LD is data, never run, so the policy need not allow it). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, text]) => ({
    attributes: attributes!,
    text: text!,
  }));

/** The nonce of each inline script a page runs. */
export const inlineScriptNonces = (html: string) => inlineScripts(html).map(({ attributes }) => /nonce="([^"]*)"/.exec(attributes)?.[1]);

/** The `'sha256-…'` source that allows each inline script a page runs, once each. */
export const inlineScriptHashes = (html: string) => [
  ...new Set(inlineScripts(html).map(({ text }) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`)),
];

/** The nonce a response's policy allows scripts with. */
export function policyNonce(response: { headers: Headers }): string | undefined {
  const source = cspOf(response)["script-src"]?.find((value: string) => value.startsWith("'nonce-"));
  return source && /^'nonce-(.+)'$/.exec(source)?.[1];
}
