import { type Page, expect } from "@playwright/test";
import { createAuth, loadAuthSecret } from "~/.server/accounts/auth";
import { makeOwner } from "~/.server/admin/owners";
import { loadConfig } from "~/.server/config";
import { openDatabase } from "~/.server/db";
import { uniqueEmail } from "./accounts";

/**
 * Makes an owner account against the test server's data as `npm run owner:create`
 * does, with the same domain call (makeOwner) in this process: spawning the
 * command through tsx took 4-7 s each time. The command itself has its own
 * integration tests (admin-access.test.ts).
 */
export async function createOwner(name = "Mara Wick") {
  const owner = { name, email: uniqueEmail("owner"), password: "poured-by-hand-2026" };
  const config = loadConfig({ DATA_DIR: process.env.E2E_DATA_DIR });
  const { db, engine } = openDatabase(config);
  try {
    const auth = createAuth({ db, engine, config, secret: await loadAuthSecret(db) });
    await makeOwner(db, auth, { email: owner.email, name, password: async () => owner.password }, Date.now());
  } finally {
    await db.destroy();
  }
  return owner;
}

/** Signs the owner in on /auth and lands on Today. */
export async function signInAsOwner(page: Page, owner: { email: string; password: string }) {
  await page.goto("/auth?returnTo=%2Fadmin");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(owner.email);
  await form.getByLabel("Password").fill(owner.password);
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
}
