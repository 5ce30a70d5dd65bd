import { expect, test } from "./support/test";

test("the navigation bar leads home, to the shop and to sign-in", async ({ page }) => {
  await page.goto("/about");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Wickshop home" })).toHaveAttribute("href", "/");
  await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
  await expect(nav.getByRole("link", { name: "Shop", exact: true })).toHaveAttribute("href", "/shop");
  await expect(nav.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/auth?returnTo=%2Fabout");

  await nav.getByRole("link", { name: "Shop", exact: true }).click();
  await expect(page).toHaveURL("/shop");
  await nav.getByRole("link", { name: "Wickshop home" }).click();
  await expect(page).toHaveURL("/");
});

test("the footer links to the shop's pages elsewhere and shows the credit with this year", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Facebook" })).toHaveAttribute(
    "href",
    /^https:\/\/www\.facebook\.com\//,
  );
  await expect(footer.getByRole("link", { name: "Instagram" })).toHaveAttribute(
    "href",
    /^https:\/\/www\.instagram\.com\//,
  );
  await expect(footer.getByRole("link", { name: "Etsy" })).toHaveAttribute("href", /^https:\/\/www\.etsy\.com\//);
  await expect(footer).toContainText(`Created by Wickshop © ${new Date().getUTCFullYear()}`);

  await footer.getByRole("link", { name: "Contact Us" }).click();
  await expect(page).toHaveURL("/contact");
  await page.getByRole("contentinfo").getByRole("link", { name: "Our Journey" }).click();
  await expect(page).toHaveURL("/about");
});

test("the contact page invites an email to the shop's address", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  await expect(page.getByText("Send us an email")).toBeVisible();
  await expect(page.getByRole("link", { name: "orders@wickshop.test" })).toHaveAttribute(
    "href",
    "mailto:orders@wickshop.test",
  );
});

test("the about page is Our Journey, headed Our Story", async ({ page }) => {
  await page.goto("/about");
  await expect(page).toHaveTitle("Our Journey · Wickshop");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Story");
  await expect(page.locator(".prose p").first()).not.toBeEmpty();
});

test("the keyboard reaches the content first through the skip link", async ({ page }) => {
  await page.goto("/shop");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});

test("a link followed by keyboard puts focus on the new page's heading, with its ring; a first load does not", async ({
  page,
}) => {
  const isFocusVisible = () => page.evaluate(() => document.activeElement!.matches(":focus-visible"));
  await page.goto("/");
  await expect(page.locator("body")).toBeFocused();
  const woodwick = page.getByRole("main").getByRole("link", { name: /Woodwick/ });
  await woodwick.focus();
  await page.keyboard.press("Enter");
  const heading = page.getByRole("heading", { level: 1, name: "Woodwick" });
  await expect(heading).toBeFocused();
  expect(await isFocusVisible()).toBe(true);

  // A pointer gets the same focus for a screen reader, without a ring jumping to the heading.
  await page.getByRole("article").first().getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  expect(await isFocusVisible()).toBe(false);
});
