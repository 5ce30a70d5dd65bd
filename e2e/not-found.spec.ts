import { expect, test } from "./support/test";

const message = "Oops! Looks like this page doesn't exist. Try heading back Home!";

for (const path of [
  "/no-such-page",
  "/shop/candles",
  "/shop/wax/9999",
  "/shop/wax/abc",
  "/shop/wax/12.5",
  "/shop/jelly/1001",
  "/shop/wax/1001/extra",
  "/shop/wax/1001/extra/more/",
  "/contact/us",
]) {
  test(`${path} answers 404 with the not-found view`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response!.status()).toBe(404);
    await expect(page.getByRole("main")).toContainText(message);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });
}

test("Home in the not-found view leads back home", async ({ page }) => {
  await page.goto("/shop/nowhere/");
  await page.getByRole("main").getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL("/");
});

test("routes accept a trailing slash", async ({ page }) => {
  for (const path of ["/shop/", "/shop/wax/", "/shop/wax/1001/", "/contact/", "/about/"]) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(200);
  }
});
