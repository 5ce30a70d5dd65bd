import { expect, test } from "./support/test";
import { CartPage } from "./support/cart";

test("a shopper adds from a product card and from a product page, and the badge counts", async ({ page }) => {
  const cart = new CartPage(page);
  await cart.open("/shop/wax");
  await cart.expectCount(0);
  await cart.addFromCard("Lavender Fields");
  await cart.expectCount(1);
  await expect(cart.announcement).toHaveText("Lavender Fields added. Cart: 1 item.");
  await cart.addFromCard("Lavender Fields");
  await cart.expectCount(2);
  await expect(cart.announcement).toHaveText("Lavender Fields added. Cart: 2 items.");

  await cart.open("/shop/seasonal/2002/");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await cart.expectCount(3);
  await expect(cart.icon.locator(".cart-icon__badge")).toHaveText("3");
});

test("the server's HTML shows an empty badge; the browser fills it in", async ({ page, request }) => {
  const html = await (await request.get("/shop")).text();
  expect(html).toContain('<span class="cart-icon__badge"></span>');
  const cart = new CartPage(page);
  await cart.open("/shop");
  await cart.expectCount(0);
  await expect(cart.icon.locator(".cart-icon__badge")).toHaveText("0");
});

test("the dropdown lists each line, is 260 by 360 px, and leads to the cart", async ({ page }) => {
  const cart = new CartPage(page);
  await cart.open("/shop/wax");
  await cart.icon.click();
  await expect(cart.dropdown).toContainText("Your cart is empty");
  const box = (await cart.dropdown.boundingBox())!;
  expect([box.width, box.height]).toEqual([260, 360]);
  await cart.icon.click();
  await expect(cart.dropdown).toBeHidden();

  await cart.addFromCard("Vanilla Bean");
  await cart.addFromCard("Vanilla Bean");
  await cart.addFromCard("Fresh Linen");
  await cart.icon.click();
  await expect(cart.dropdown.getByRole("listitem")).toHaveText([
    /Vanilla Bean\s*2 x \$18\.50/,
    /Fresh Linen\s*1 x \$17\.50/,
  ]);

  await cart.dropdown.getByRole("button", { name: "GO TO CART" }).click();
  await expect(page).toHaveURL("/checkout");
  await expect(cart.dropdown).toBeHidden();
  await expect(cart.line("Vanilla Bean")).toBeVisible();
});

test("a thumbnail in the dropdown opens the product and closes the dropdown", async ({ page }) => {
  const cart = new CartPage(page);
  await cart.open("/shop/jelly");
  await cart.addFromCard("Ocean Breeze");
  await cart.icon.click();
  await cart.dropdown.getByRole("link", { name: "View Ocean Breeze" }).click();
  await expect(page).toHaveURL("/shop/jelly/3001/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ocean Breeze");
  await expect(cart.dropdown).toBeHidden();
});

test("Escape and a click outside close the dropdown; Escape returns focus to the icon", async ({ page }) => {
  const cart = new CartPage(page);
  await cart.open("/shop");
  await cart.icon.click();
  await expect(cart.dropdown).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(cart.dropdown).toBeHidden();
  await expect(cart.icon).toBeFocused();
  await expect(cart.icon).toHaveAttribute("aria-expanded", "false");

  await cart.icon.click();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(cart.dropdown).toBeHidden();
});

test("the dropdown opens and closes from the keyboard", async ({ page }) => {
  const cart = new CartPage(page);
  await cart.open("/about");
  await cart.icon.focus();
  await page.keyboard.press("Enter");
  await expect(cart.dropdown).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(cart.dropdown.getByRole("button", { name: "GO TO CART" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeFocused();
});

test("the dropdown closes when Tab leaves it, forwards or back, as a disclosure does", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const cart = new CartPage(page);
  await cart.open("/shop/wax/1001/");
  await cart.icon.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(cart.dropdown.getByRole("button", { name: "GO TO CART" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(cart.dropdown).toBeHidden();
  // At 390 px the open dropdown covered what comes next: the photos.
  const photos = page.getByRole("group", { name: /^Lavender Fields, photo 1 of 3/ });
  await expect(photos).toBeFocused();
  await expect(cart.icon).toHaveAttribute("aria-expanded", "false");

  await page.keyboard.press("Shift+Tab");
  await expect(cart.icon).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(cart.dropdown).toBeVisible();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("link", { name: "Login" })).toBeFocused();
  await expect(cart.dropdown).toBeHidden();
});

test("on /checkout the arrows, the quantity field and the remove mark change the lines and total", async ({ page }) => {
  const cart = new CartPage(page);
  await cart.open("/shop/woodwick");
  await cart.addFromCard("Crackling Fireside");
  await cart.addFromCard("Coffee House");
  await cart.open("/checkout");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your cart");
  await cart.expectTotal("57.00");

  const fireside = cart.line("Crackling Fireside");
  await expect(fireside.getByRole("link").first()).toHaveAttribute("href", "/shop/woodwick/4001/");
  await expect(fireside).toContainText("$29.00");
  await fireside.getByRole("button", { name: "Increase quantity of Crackling Fireside" }).click();
  await fireside.getByRole("button", { name: "Increase quantity of Crackling Fireside" }).click();
  await expect(fireside.getByRole("spinbutton", { name: "Quantity of Crackling Fireside" })).toHaveValue("3");
  await cart.expectTotal("115.00");
  await cart.expectCount(4);

  await fireside.getByRole("button", { name: "Decrease quantity of Crackling Fireside" }).click();
  await expect(fireside.getByRole("spinbutton")).toHaveValue("2");
  await cart.expectTotal("86.00");

  await fireside.getByRole("spinbutton").fill("5");
  await fireside.getByRole("spinbutton").press("Enter");
  await cart.expectTotal("173.00");
  // Enter keeps the shopper where she typed, not on <body>.
  await expect(fireside.getByRole("spinbutton")).toBeFocused();
  await expect(fireside.getByRole("spinbutton")).toHaveValue("5");

  await cart.line("Coffee House").getByRole("button", { name: "Remove Coffee House from cart" }).click();
  await expect(cart.line("Coffee House")).toHaveCount(0);
  await expect(cart.announcement).toHaveText("Coffee House removed. Cart: 5 items.");
  await cart.expectTotal("145.00");

  await fireside.getByRole("spinbutton").fill("1");
  await fireside.getByRole("spinbutton").press("Enter");
  await fireside.getByRole("button", { name: "Decrease quantity of Crackling Fireside" }).click();
  await expect(page.getByText("Your cart is empty!")).toBeVisible();
  await cart.expectCount(0);
});

test("adding past the stock keeps the quantity and tells the shopper", async ({ page }) => {
  const cart = new CartPage(page);
  await cart.open("/shop/wax/1004/"); // Honey Beeswax Pillar: 1 left
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await cart.expectCount(1);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "You already have all 1 of the Honey Beeswax Pillar we have in your cart.",
  );
  await cart.expectCount(1);

  await cart.open("/checkout");
  await cart
    .line("Honey Beeswax Pillar")
    .getByRole("button", { name: /^Increase/ })
    .click();
  await expect(page.getByRole("alert")).toHaveText(
    "You already have all 1 of the Honey Beeswax Pillar we have in your cart.",
  );
  await page.getByRole("button", { name: "Dismiss message" }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(cart.line("Honey Beeswax Pillar").getByRole("spinbutton")).toHaveValue("1");
});

test("the cart survives a reload and is shared by the tabs of one browser", async ({ page, context }) => {
  const cart = new CartPage(page);
  await cart.open("/shop/jelly");
  await cart.addFromCard("Berry Bubbles");
  await page.reload();
  await expect(cart.icon).toBeEnabled();
  await cart.expectCount(1);

  const other = new CartPage(await context.newPage());
  await other.open("/shop/jelly");
  await other.expectCount(1);
  await other.addFromCard("Ocean Breeze");
  await other.expectCount(2);
  await cart.expectCount(2);

  await cart.open("/checkout");
  await cart.line("Ocean Breeze").getByRole("button", { name: "Remove Ocean Breeze from cart" }).click();
  await other.expectCount(1);
});

test("a corrupt or foreign value in storage is discarded, not a crash", async ({ page }) => {
  const cart = new CartPage(page);
  for (const value of ["{not json", JSON.stringify({ cart: { cartItems: [{ id: "x" }] } }), JSON.stringify([1, 2])]) {
    await cart.open("/about");
    await page.evaluate((stored) => localStorage.setItem("root", stored), value);
    await cart.open("/shop");
    await cart.expectCount(0);
    expect(await page.evaluate(() => localStorage.getItem("root"))).toBeNull();
    await cart.addFromCard("Pumpkin Spice");
    await cart.expectCount(1);
    await page.evaluate(() => localStorage.clear());
  }
});

test("loading a product page closes the dropdown", async ({ page }) => {
  const cart = new CartPage(page);
  await cart.open("/shop/wax");
  await cart.icon.click();
  await expect(cart.dropdown).toBeVisible();
  await page.getByRole("article").first().getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lavender Fields");
  await expect(cart.dropdown).toBeHidden();
});
