import { execFileSync } from "node:child_process";
import { type Page, expect } from "@playwright/test";
import { uniqueEmail } from "./accounts";

/** Makes an owner account as the shop's owner would, with `npm run owner:create`, against the test server's data. */
export function createOwner(name = "Mara Wick") {
  const owner = { name, email: uniqueEmail("owner"), password: "poured-by-hand-2026" };
  execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/owner-create.ts", "--email", owner.email, "--name", name], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: process.env.E2E_DATA_DIR, OWNER_PASSWORD: owner.password },
    stdio: "pipe",
  });
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
