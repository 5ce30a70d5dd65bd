import { PHONE, expectNoSidewaysScroll, photoFolder } from "../support/catalog";
import { expect, test } from "../support/test";

/* The owner's categories (#16): add one with a tile photo, rename it, delete it. */

const photos = photoFolder();

test("on a phone, the owner adds a category with a tile photo, renames it, and its old address leads to the new one", async ({
  page,
  asOwner,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await asOwner(page);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Categories" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();

  // A title of its own (letters only: the address is the title in lower case).
  const suffix = Array.from(String(Date.now() % 100_000), (digit) => "abcdefghij"[Number(digit)]).join("");
  const [first, second] = [`Soy ${suffix}`, `Pillar ${suffix}`];
  const create = page.getByRole("form", { name: "New category" });
  await create.getByLabel("Title", { exact: true }).fill(first);
  await create.getByLabel("Tile photo", { exact: true }).setInputFiles(await photos.photo("tile.jpg", "#8f6a3a"));
  await create.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByRole("status").filter({ hasText: "added" })).toHaveText(`Category “${first}” added.`, {
    timeout: 30_000,
  });

  await page.getByLabel(`Title of ${first}`).fill(second);
  await page.getByRole("button", { name: `Rename ${first}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Renamed" })).toHaveText(
    `Renamed to “${second}”. Its old address leads to it.`,
  );
  await expectNoSidewaysScroll(page);

  await page.goto(`/shop/${encodeURIComponent(first.toLowerCase())}`);
  await expect(page).toHaveURL(`/shop/${encodeURIComponent(second.toLowerCase())}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(second);
  await expect(page.getByText("Sorry, we are out of stock!")).toBeVisible();

  await page.goto("/admin/categories");
  await page.getByRole("button", { name: `Delete ${second}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "deleted" })).toHaveText(`“${second}” is deleted.`);
});
