import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { interactionPolicy } from "oidc-provider";

/** A person who can sign in at the test provider, as Google would describe them. */
export interface ProviderAccount {
  sub: string;
  name: string;
  email: string;
}

export const providerAccounts: ProviderAccount[] = [
  { sub: "google-ada-1001", name: "Ada Lovelace", email: "ada.lovelace@example.com" },
  { sub: "google-grace-1002", name: "Grace Hopper", email: "grace.hopper@example.com" },
  { sub: "google-katherine-1003", name: "Katherine Johnson", email: "katherine.johnson@example.com" },
  { sub: "google-hedy-1004", name: "Hedy Lamarr", email: "hedy.lamarr@example.com" },
];

export const providerClient = { id: "wickshop-test-client", secret: "wickshop-test-client-secret" };

/** What the shop needs in its environment to use this provider in place of Google. */
export const googleEnv = (provider: { discoveryUrl: string }) => ({
  GOOGLE_CLIENT_ID: providerClient.id,
  GOOGLE_CLIENT_SECRET: providerClient.secret,
  GOOGLE_DISCOVERY_URL: provider.discoveryUrl,
});

export interface OpenIdProvider {
  issuer: string;
  discoveryUrl: string;
  /** Every authorization request's `prompt` parameter, in order. */
  prompts: string[];
  close: () => Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The account chooser Google shows for `prompt=select_account`: one button per account. */
function chooserPage(uid: string) {
  const buttons = providerAccounts
    .map(
      (account) =>
        `<button type="submit" name="account" value="${escapeHtml(account.sub)}">Continue as ${escapeHtml(account.name)}</button>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Choose an account</title></head>
<body><h1>Choose an account</h1><form method="post" action="/interaction/${escapeHtml(uid)}/choose">${buttons}
<button type="submit" name="account" value="">Cancel</button></form></body></html>`;
}

async function readForm(req: http.IncomingMessage) {
  let body = "";
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

/**
 * A real OpenID provider (the `oidc-provider` package) on 127.0.0.1 that
 * stands in for Google: discovery, authorization with PKCE, token, userinfo
 * and signed ID tokens, and an account chooser on every sign-in that asks for
 * one. `redirectUri` is the shop's callback URL (or several shops' URLs: the
 * browser tests run a server per worker); without `port` it picks a free one.
 */
export async function startOpenIdProvider(options: {
  redirectUri: string | string[];
  port?: number;
}): Promise<OpenIdProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const policy = interactionPolicy.base();
  // Google's prompt=select_account: ask which account, even when one is signed in already.
  policy.add(new interactionPolicy.Prompt({ name: "select_account", requestable: true }), 0);

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: providerClient.id,
        client_secret: providerClient.secret,
        redirect_uris: [options.redirectUri].flat(),
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    async findAccount(_ctx, sub) {
      const account = providerAccounts.find((candidate) => candidate.sub === sub);
      return account && { accountId: account.sub, claims: async () => ({ ...account, email_verified: true }) };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    scopes: ["openid", "email", "profile"],
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 3600 },
  });
  const prompts: string[] = [];
  provider.on("authorization.accepted", (ctx) => prompts.push(String(ctx.oidc.params?.prompt ?? "")));

  const providerCallback = provider.callback();
  server.on("request", async (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/choose)?$/.exec(req.url ?? "");
    if (!match) return providerCallback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (!match[2]) {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(chooserPage(details.uid));
        return;
      }
      const sub = (await readForm(req)).get("account");
      const account = providerAccounts.find((candidate) => candidate.sub === sub);
      if (!account) {
        await provider.interactionFinished(req, res, {
          error: "access_denied",
          error_description: "The person cancelled.",
        });
        return;
      }
      const grant = new provider.Grant({ accountId: account.sub, clientId: providerClient.id });
      grant.addOIDCScope("openid email profile");
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, {
        select_account: {},
        login: { accountId: account.sub },
        consent: { grantId },
      });
    } catch (error) {
      res.writeHead(400, { "Content-Type": "text/plain" }).end(String(error));
    }
  });

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    prompts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
