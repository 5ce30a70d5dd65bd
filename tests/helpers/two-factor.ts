import type { BrowserSession } from "./browser-session";
import { totpCode } from "./totp";

/** A server-rendered page's text as the owner reads it (React's comment markers and escapes removed). */
export const decode = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

export const secretIn = (html: string) =>
  /<code class="totp-secret">([A-Z2-7 ]+)<\/code>/.exec(html)?.[1]?.replaceAll(" ", "");
export const backupCodesIn = (html: string) =>
  [...html.matchAll(/<li><code>([^<]+)<\/code><\/li>/g)].map((match) => match[1]!);
export const totpUriIn = (html: string) => /name="totpUri" value="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");

/**
 * Turns two-factor sign-in on from /admin/account as the owner does it: the
 * password, then a first code from the app. Returns the secret and backup codes.
 */
export async function turnOnTwoFactor(owner: BrowserSession, password: string) {
  const setup = await owner.postForm("/admin/account", { intent: "enable", password });
  const secret = secretIn(setup.html);
  const totpUri = totpUriIn(setup.html);
  if (!secret || !totpUri) throw new Error(`no authenticator setup on the page: ${setup.status}`);
  const backupCodes = backupCodesIn(setup.html);
  const confirmed = await owner.postForm("/admin/account", {
    intent: "confirm",
    code: totpCode(secret),
    totpUri,
    backupCodes: backupCodes.join(" "),
  });
  if (confirmed.status !== 302) throw new Error(`the first code was refused: ${confirmed.status}`);
  return { secret, backupCodes };
}
