import { newCredentials, signIn } from "./accounts";
import { BrowserSession } from "./browser-session";
import { runScript } from "./run-script";
import type { Shop } from "./shop-api";

/** Makes an owner with `npm run owner:create`'s script and signs her in: a browser on the back office. */
export async function signedInOwner(shop: Pick<Shop, "url" | "database">, name = "Mara Wick"): Promise<BrowserSession> {
  const credentials = { ...newCredentials(name), password: "poured-by-hand-2026" };
  const made = await runScript("scripts/owner-create.ts", ["--email", credentials.email, "--name", name], {
    ...shop.database.env,
    OWNER_PASSWORD: credentials.password,
  });
  if (made.code !== 0) throw new Error(`owner:create failed: ${made.stderr}`);
  const owner = new BrowserSession(shop.url);
  const answer = await signIn(owner, credentials);
  if (answer.status !== 302) throw new Error(`The owner could not sign in: ${answer.status}`);
  return owner;
}
