import type { BrowserSession, PageResponse } from "./browser-session";
import type { ProviderAccount } from "./openid-provider";

export interface GoogleSignIn {
  /** The provider's account chooser, as the shopper saw it. */
  chooser: PageResponse;
  /** The shop's last answer: the done page (popup) or the redirect to returnTo (full window). */
  final: PageResponse;
}

/**
 * Follows redirects as a browser would, each hop with the cookies of the site
 * it goes to (the shop or the provider), until a page answers.
 */
async function follow(
  response: PageResponse,
  from: BrowserSession,
  sites: BrowserSession[],
  stopAt?: (url: URL) => boolean,
) {
  let current = response;
  let site = from;
  for (let hops = 0; current.location && hops < 10; hops++) {
    const next = new URL(current.location, site.baseUrl);
    if (stopAt?.(next)) break;
    site = sites.find((candidate) => new URL(candidate.baseUrl).origin === next.origin) ?? site;
    current = await site.get(next.href);
  }
  return current;
}

/**
 * A shopper clicks "Sign in with Google" and, at the provider's account
 * chooser, picks `account` (or cancels when it is undefined). `shop` and
 * `provider` are the shopper's browser on each site.
 */
export async function signInWithGoogle(
  shop: BrowserSession,
  provider: BrowserSession,
  account: ProviderAccount | undefined,
  options: { returnTo?: string; popup?: boolean } = {},
): Promise<GoogleSignIn> {
  const params = new URLSearchParams({
    returnTo: options.returnTo ?? "/shop",
    ...(options.popup ? { popup: "1" } : {}),
  });
  const start = await shop.get(`/auth/google?${params}`);
  if (start.status !== 302) throw new Error(`/auth/google answered ${start.status}: ${start.html.slice(0, 300)}`);
  const chooser = await follow(start, shop, [shop, provider]);
  const action = /action="([^"]+)"/.exec(chooser.html)?.[1];
  if (chooser.status !== 200 || !action)
    throw new Error(
      `no account chooser (${chooser.status}): ${chooser.html.replace(/<style[\s\S]*?<\/style>/, "").slice(0, 1500)}`,
    );
  const chosen = await provider.postForm(action, { account: account?.sub ?? "" });
  const isShopDone = (url: URL) =>
    url.origin === new URL(shop.baseUrl).origin &&
    url.pathname !== "/api/auth/callback/google" &&
    url.pathname !== "/auth/google/done";
  const final = await follow(chosen, provider, [shop, provider], isShopDone);
  return { chooser, final };
}
