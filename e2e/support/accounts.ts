import { type Page, expect } from "@playwright/test";

let counter = 0;
/** An email no other test uses. */
export const uniqueEmail = (name = "shopper") => `${name}.${Date.now()}.${process.pid}.${counter++}@example.com`;

/** Signs up on the /auth page the shopper is on, as they would, and waits for the nav to greet them. */
export async function signUp(page: Page, account: { displayName: string; email: string; password?: string }) {
  const password = account.password ?? "candlelight-42";
  const form = page.getByRole("form", { name: "Sign up" });
  await expect(form).toBeVisible();
  await form.getByLabel("Display Name").fill(account.displayName);
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByLabel("Confirm Password").fill(password);
  await form.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("navigation", { name: "Main" }).getByText(account.displayName)).toBeVisible();
  return { ...account, password };
}
