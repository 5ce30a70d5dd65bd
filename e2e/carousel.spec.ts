import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";

const PRODUCT = "/shop/wax/1001/"; // Lavender Fields, 3 photos

const carousel = (page: Page) => page.getByRole("region", { name: "Photos of Lavender Fields" });

/** Opens the product and waits until the carousel's controls are live. */
async function openProduct(page: Page) {
  await page.goto(PRODUCT);
  await expect(carousel(page).getByRole("button", { name: "Next photo" })).toBeVisible();
}

async function expectPhoto(page: Page, number: number) {
  await expect(carousel(page).getByRole("button", { name: `Show photo ${number}` })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(carousel(page).getByRole("img", { name: `Lavender Fields, photo ${number} of 3` })).toBeInViewport();
}

test("previous, next and the indicators change the photo, wrapping around", async ({ page }) => {
  await openProduct(page);
  await carousel(page).getByRole("button", { name: "Next photo" }).click();
  await expectPhoto(page, 2);
  await carousel(page).getByRole("button", { name: "Show photo 3" }).click();
  await expectPhoto(page, 3);
  await carousel(page).getByRole("button", { name: "Next photo" }).click();
  await expectPhoto(page, 1);
  await carousel(page).getByRole("button", { name: "Previous photo" }).click();
  await expectPhoto(page, 3);
});

test("the arrow keys change the photo when the carousel has focus", async ({ page }) => {
  await openProduct(page);
  await carousel(page).getByRole("button", { name: "Next photo" }).focus();
  await page.keyboard.press("ArrowRight");
  await expectPhoto(page, 2);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expectPhoto(page, 3);
});

/** The photo shown now, read from the indicator marked current. */
async function currentPhoto(page: Page): Promise<number> {
  const label = await carousel(page).locator('.carousel__dot[aria-current="true"]').getAttribute("aria-label");
  return Number(label!.replace("Show photo ", ""));
}

test("it advances by itself every 10 seconds, and not sooner", async ({ page }) => {
  const start = new Date("2026-01-01T10:00:00Z");
  await page.clock.install({ time: start });
  await openProduct(page);
  // Stop the clock so that no real time slips in between the steps below.
  await page.clock.pauseAt(new Date(start.getTime() + 60 * 60_000));
  const shown = await currentPhoto(page);
  await page.clock.runFor(9_900);
  await expectPhoto(page, shown);
  await page.clock.runFor(200);
  await expectPhoto(page, (shown % 3) + 1);
  await page.clock.runFor(10_000);
  await expectPhoto(page, ((shown + 1) % 3) + 1);
});

test("it pauses while the pointer is over it", async ({ page }) => {
  await page.clock.install();
  await openProduct(page);
  await carousel(page).locator(".carousel__viewport").hover();
  await page.clock.runFor(25_000);
  await expectPhoto(page, 1);
  await page.mouse.move(0, 0);
  await page.clock.runFor(10_100);
  await expectPhoto(page, 2);
});

test("it pauses while something in it has keyboard focus", async ({ page }) => {
  await page.clock.install();
  await openProduct(page);
  await carousel(page).locator(".carousel__viewport").focus();
  await page.clock.runFor(25_000);
  await expectPhoto(page, 1);
  await page.getByRole("heading", { level: 1 }).click();
  await page.clock.runFor(10_100);
  await expectPhoto(page, 2);
});

test("the slideshow can be stopped and started again", async ({ page }) => {
  await page.clock.install();
  await openProduct(page);
  await carousel(page).getByRole("button", { name: "Pause slideshow" }).click();
  await page.getByRole("heading", { level: 1 }).click();
  await page.mouse.move(0, 0);
  await page.clock.runFor(25_000);
  await expectPhoto(page, 1);
  await carousel(page).getByRole("button", { name: "Play slideshow" }).click();
  await page.getByRole("heading", { level: 1 }).click();
  await page.mouse.move(0, 0);
  await page.clock.runFor(10_100);
  await expectPhoto(page, 2);
});

test("a swipe of 40 px or more changes the photo; a shorter one does not", async ({ page }) => {
  await openProduct(page);
  const box = (await carousel(page).locator(".carousel__viewport").boundingBox())!;
  const swipe = async (distance: number) => {
    const y = box.y + box.height / 2;
    const x = box.x + box.width / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + distance, y, { steps: 5 });
    await page.mouse.up();
  };
  await swipe(-30);
  await expectPhoto(page, 1);
  await swipe(-45);
  await expectPhoto(page, 2);
  await swipe(40);
  await expectPhoto(page, 1);
});

test("with reduced motion it stays on the photo the shopper chose", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.clock.install();
  await openProduct(page);
  await page.clock.runFor(30_000);
  await expectPhoto(page, 1);
  await expect(carousel(page).getByRole("button", { name: "Pause slideshow" })).toHaveCount(0);
  await carousel(page).getByRole("button", { name: "Next photo" }).click();
  await expectPhoto(page, 2);
});
