import { createAuth, loadAuthSecret } from "~/.server/accounts/auth";
import { makeOwner } from "~/.server/admin/owners";
import { loadConfig } from "~/.server/config";
import type { Db } from "~/.server/db";
import { formatOunces } from "~/lib/weight";
import { newCredentials, signIn } from "./accounts";
import { BrowserSession } from "./browser-session";
import type { Shop } from "./shop-api";
import { testEngine } from "./test-database";
import { turnOnTwoFactor } from "./two-factor";

/**
 * Makes `email` an owner as `npm run owner:create` does, but in the test's own
 * process (the domain's makeOwner, on the suite's database): a fixture, not a
 * test of the command. Spawning the command through tsx cost 5-7 s each time;
 * admin-access.test.ts and admin-activity.test.ts run the real command.
 */
export async function makeTestOwner(
  database: Shop["database"],
  owner: { email: string; name: string; password: string },
) {
  const { db } = database;
  const auth = createAuth({
    db,
    engine: testEngine,
    config: loadConfig(database.env),
    secret: await loadAuthSecret(db),
  });
  await makeOwner(db, auth, { email: owner.email, name: owner.name, password: async () => owner.password }, Date.now());
}

/** Makes an owner as `npm run owner:create` would (in process: makeTestOwner): her email and password. */
async function createdOwner(shop: Pick<Shop, "database">, name: string) {
  const credentials = { ...newCredentials(name), password: "poured-by-hand-2026" };
  await makeTestOwner(shop.database, { email: credentials.email, name, password: credentials.password });
  return credentials;
}

/** Makes an owner (makeTestOwner) and signs her in: a browser on the back office. */
export async function signedInOwner(shop: Pick<Shop, "url" | "database">, name = "Mara Wick"): Promise<BrowserSession> {
  const credentials = await createdOwner(shop, name);
  const owner = new BrowserSession(shop.url);
  const answer = await signIn(owner, credentials);
  if (answer.status !== 302) throw new Error(`The owner could not sign in: ${answer.status}`);
  return owner;
}

/**
 * Makes an owner and turns two-factor sign-in on for her as /admin/account
 * does (password, then a first code): her credentials and the secret that
 * gives her codes (`totpCode(secret)`).
 */
export async function ownerWithTwoFactor(shop: Pick<Shop, "url" | "database">, name = "Mara Wick") {
  const credentials = await createdOwner(shop, name);
  const owner = new BrowserSession(shop.url);
  if ((await signIn(owner, credentials)).status !== 302) throw new Error("The owner could not sign in");
  const { secret } = await turnOnTwoFactor(owner, credentials.password);
  return { ...credentials, secret };
}

/**
 * The product form exactly as the owner's edit page submits it: every field
 * as saved, the product's current photos kept (a form without their
 * `photoUrl` fields would remove them), an empty file input, and `changes`
 * typed over the fields (`visible: ""` unticks "Visible in the shop").
 */
export async function productEditForm(
  db: Db,
  productId: number,
  changes: Record<string, string> = {},
): Promise<FormData> {
  const product = await db
    .selectFrom("products")
    .innerJoin("categories", "categories.id", "products.category_id")
    .innerJoin("variants", "variants.product_id", "products.id")
    .select([
      "products.name",
      "variants.price_cents",
      "products.scent",
      "products.description",
      "products.low_stock_at",
      "products.visible",
      "products.images",
      "variants.weight",
      "categories.slug",
    ])
    .where("products.id", "=", productId)
    .executeTakeFirstOrThrow();
  const fields = {
    intent: "save",
    name: product.name,
    price: (product.price_cents / 100).toFixed(2),
    scent: product.scent,
    description: product.description,
    category: product.slug,
    lowStockAt: String(product.low_stock_at),
    visible: product.visible === 1 ? "on" : "",
    weight: product.weight === null ? "" : formatOunces(product.weight),
    ...changes,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== "") form.append(name, value);
  for (const [index, url] of (JSON.parse(product.images) as string[]).entries()) {
    form.append("photoUrl", url);
    form.append("photoPosition", String(index + 1));
  }
  form.append("photos", new Blob([], { type: "application/octet-stream" }), "");
  return form;
}
