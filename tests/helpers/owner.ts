import type { Db } from "~/.server/db";
import { newCredentials, signIn } from "./accounts";
import { BrowserSession } from "./browser-session";
import { runScript } from "./run-script";
import type { Shop } from "./shop-api";
import { turnOnTwoFactor } from "./two-factor";

/** Makes an owner with `npm run owner:create`'s script: her email and password. */
async function createdOwner(shop: Pick<Shop, "database">, name: string) {
  const credentials = { ...newCredentials(name), password: "poured-by-hand-2026" };
  const made = await runScript("scripts/owner-create.ts", ["--email", credentials.email, "--name", name], {
    ...shop.database.env,
    OWNER_PASSWORD: credentials.password,
  });
  if (made.code !== 0) throw new Error(`owner:create failed: ${made.stderr}`);
  return credentials;
}

/** Makes an owner with `npm run owner:create`'s script and signs her in: a browser on the back office. */
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
export async function productEditForm(db: Db, productId: number, changes: Record<string, string> = {}): Promise<FormData> {
  const product = await db
    .selectFrom("products")
    .innerJoin("categories", "categories.id", "products.category_id")
    .select(["products.name", "products.price_cents", "products.scent", "products.description", "products.low_stock_at", "products.visible", "products.images", "categories.slug"])
    .where("products.id", "=", productId)
    .executeTakeFirstOrThrow();
  const fields = {
    name: product.name,
    price: (product.price_cents / 100).toFixed(2),
    scent: product.scent,
    description: product.description,
    category: product.slug,
    lowStockAt: String(product.low_stock_at),
    visible: product.visible === 1 ? "on" : "",
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
