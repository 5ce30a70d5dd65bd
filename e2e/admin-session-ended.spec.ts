import { expect, test } from "./support/test";
import { createOwner, signInAsOwner } from "./support/owner";

let owner: Awaited<ReturnType<typeof createOwner>>;
// Her password changes, which ends her sessions: an owner of her own, not the worker's signed-in one.
test.beforeAll(async () => {
  owner = await createOwner();
});

test("an owner whose session ended clicks a back-office link, signs in again and lands on that page, not on its data", async ({
  browser,
  page,
}) => {
  await signInAsOwner(page, owner);

  // On her phone she changes the password, which ends every other session: this one too.
  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await signInAsOwner(phonePage, owner);
  await phonePage.goto("/admin/account");
  const change = phonePage.getByRole("form", { name: "Change password" });
  await change.getByLabel("Current password").fill(owner.password);
  await change.getByLabel("New password").fill("a-new-long-password");
  await change.getByRole("button", { name: "Change password" }).click();
  await expect(phonePage.getByRole("status").filter({ hasText: "Your password is changed." })).toBeVisible();
  await phone.close();

  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders" }).click();
  await expect(page).toHaveURL("/auth?returnTo=%2Fadmin%2Forders");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(owner.email);
  await form.getByLabel("Password").fill("a-new-long-password");
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(page).toHaveURL("/admin/orders");
});
