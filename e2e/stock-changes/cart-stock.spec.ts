import { expect, test } from "../support/test";
import { CartPage } from "../support/cart";
import { importCatalog } from "../support/import-catalog";

test("a cart holding more than the stock left is corrected on /checkout with SPEC's messages", async ({
  page,
  request,
}) => {
  const cart = new CartPage(page);
  await cart.open("/shop/wax/1003/"); // Sea Salt & Sage
  for (let added = 0; added < 3; added++) await page.getByRole("button", { name: "Add to Cart" }).click();
  await cart.open("/shop/wax/1002/"); // Vanilla Bean
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await cart.expectCount(4);

  const wax = await (await request.get("/api/catalog/wax")).json();
  await importCatalog([
    {
      ...wax,
      items: wax.items.map((item: { id: number }) =>
        item.id === 1003 ? { ...item, stock: 2, price: 23.5 } : item.id === 1002 ? { ...item, stock: 0 } : item,
      ),
    },
  ]);

  await cart.open("/checkout");
  await expect(page.getByRole("alert")).toHaveText([
    "Looks like there's not enough Sea Salt & Sage to go around! There's 2 left. We'll update your cart for you.",
    "Oh no! Looks like all of the Vanilla Bean is gone! We'll update your cart for you.",
  ]);
  await expect(cart.line("Sea Salt & Sage").getByRole("spinbutton")).toHaveValue("2");
  await expect(cart.line("Sea Salt & Sage")).toContainText("$23.50");
  await expect(cart.line("Vanilla Bean")).toHaveCount(0);
  await cart.expectTotal("47.00");
  await cart.expectCount(2);
});
