import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const googleButton = (page: Page) =>
  page.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign in with Google" });

/** Clicks "Sign in with Google" and answers the popup's account chooser. */
async function chooseInPopup(page: Page, choice: string) {
  const popupOpened = page.waitForEvent("popup");
  await googleButton(page).click();
  const popup = await popupOpened;
  await expect(popup.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: choice }).click();
  await closed;
}

test("Sign in with Google asks to choose an account in a popup, closes it and shows the shopper signed in", async ({
  page,
}) => {
  await page.goto("/auth?returnTo=%2Fshop%2Fwax");
  await expect(page.getByRole("button", { name: /^Cart,/ })).toBeEnabled();
  await chooseInPopup(page, "Continue as Katherine Johnson");

  await expect(page).toHaveURL(/\/shop\/wax$/);
  await expect(nav(page).getByText("Katherine Johnson")).toBeVisible();
  await expect(nav(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
});

test("the popup asks to choose an account again on the next sign-in", async ({ page }) => {
  await page.goto("/auth?returnTo=%2Fshop");
  await expect(page.getByRole("button", { name: /^Cart,/ })).toBeEnabled();
  await chooseInPopup(page, "Continue as Hedy Lamarr");
  await expect(nav(page).getByText("Hedy Lamarr")).toBeVisible();

  await nav(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(nav(page).getByRole("link", { name: "Login" })).toBeVisible();
  await page.goto("/auth?returnTo=%2Fshop");
  await expect(page.getByRole("button", { name: /^Cart,/ })).toBeEnabled();
  // The provider still knows Hedy from the first sign-in; prompt=select_account makes it ask anyway.
  await chooseInPopup(page, "Continue as Hedy Lamarr");
  await expect(nav(page).getByText("Hedy Lamarr")).toBeVisible();
});

test("a shopper who cancels in the popup stays signed out and is told so", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("button", { name: /^Cart,/ })).toBeEnabled();
  await chooseInPopup(page, "Cancel");
  await expect(page.getByRole("alert")).toHaveText("Google sign-in did not complete. Please try again.");
  await expect(nav(page).getByRole("link", { name: "Login" })).toBeVisible();
});

test("a blocked popup falls back to signing in in the same window", async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto("/auth?returnTo=%2Fabout");
  await expect(page.getByRole("button", { name: /^Cart,/ })).toBeEnabled();
  await googleButton(page).click();
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await page.getByRole("button", { name: "Continue as Grace Hopper" }).click();

  await expect(page).toHaveURL(/\/about$/);
  await expect(nav(page).getByText("Grace Hopper")).toBeVisible();
});
