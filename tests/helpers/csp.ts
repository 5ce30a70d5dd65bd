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

/**
 * The inline elements of a kind a page applies: its scripts (JSON-LD is data,
 * never run, so the policy need not allow it) or its style sheets.
 */
const inlineElements = (html: string, kind: "script" | "style") =>
  [...html.matchAll(kind === "script" ? INLINE_SCRIPT : INLINE_STYLE)].map(([, attributes, text]) => ({
    attributes: attributes!,
    text: text!,
  }));

const INLINE_SCRIPT = /<script(?![^>]*\b(?:src=|type="application\/ld\+json"))([^>]*)>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style([^>]*)>([\s\S]*?)<\/style>/g;

/** The nonce of each inline script or style sheet of a page. */
export const inlineNonces = (html: string, kind: "script" | "style" = "script") =>
  inlineElements(html, kind).map(({ attributes }) => /nonce="([^"]*)"/.exec(attributes)?.[1]);

/** The `'sha256-…'` source that allows each inline script or style sheet of a page, once each. */
export const inlineHashes = (html: string, kind: "script" | "style" = "script") => [
  ...new Set(
    inlineElements(html, kind).map(({ text }) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`),
  ),
];

/** The nonce a response's policy allows scripts with. */
export function policyNonce(response: { headers: Headers }): string | undefined {
  const source = cspOf(response)["script-src"]?.find((value: string) => value.startsWith("'nonce-"));
  return source && /^'nonce-(.+)'$/.exec(source)?.[1];
}
