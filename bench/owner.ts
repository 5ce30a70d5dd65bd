import { type Credentials, newCredentials, SESSION_COOKIE, signIn } from "../tests/helpers/accounts";
import { BrowserSession } from "../tests/helpers/browser-session";
import { runScript } from "../tests/helpers/run-script";
import { type ShopData, shopEnv } from "./shop-server";

/** `npm run owner:create` with OWNER_PASSWORD, as the shop's owner sets up her account. */
export async function createOwner(data: ShopData, owner: Credentials) {
  const made = await runScript("scripts/owner-create.ts", ["--email", owner.email, "--name", owner.displayName], {
    ...shopEnv(data),
    OWNER_PASSWORD: owner.password,
  });
  if (made.code !== 0) throw new Error(`owner:create failed: ${made.stdout}${made.stderr}`);
}

/** Signs in through /auth as a browser does: a browser that holds the session. */
export async function signedInBrowser(url: string, credentials: Credentials): Promise<BrowserSession> {
  const browser = new BrowserSession(url);
  const answer = await signIn(browser, credentials);
  if (answer.status !== 302 || !browser.cookie(SESSION_COOKIE))
    throw new Error(`${credentials.email} could not sign in: ${answer.status}`);
  return browser;
}

/** The Cookie header that carries a signed-in session. */
export const signedInCookie = async (url: string, credentials: Credentials) =>
  (await signedInBrowser(url, credentials)).cookieHeader();

/** Made by `npm run owner:create` on `data`'s shop and signed in at `url`: the owner's browser, for her back-office forms. */
export async function newOwnerBrowser(url: string, data: ShopData): Promise<BrowserSession> {
  const credentials = { ...newCredentials("Mara Wick"), password: "poured-by-hand-2031" };
  await createOwner(data, credentials);
  return signedInBrowser(url, credentials);
}

/** Posts one back-office form as the owner's browser does (files as multipart), and insists it was taken. */
export async function submitForm(owner: BrowserSession, path: string, fields: Record<string, string> | FormData) {
  const answer =
    fields instanceof FormData ? await owner.postMultipart(path, fields) : await owner.postForm(path, fields);
  if (answer.status !== 200)
    throw new Error(
      `${path} (${fields instanceof FormData ? fields.get("intent") : fields.intent}) answered ${answer.status}`,
    );
  return answer;
}
