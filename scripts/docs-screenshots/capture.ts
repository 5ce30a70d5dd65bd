import path from "node:path";
import type { Locator, Page } from "@playwright/test";

export const SCREENSHOTS = path.resolve(import.meta.dirname, "../../docs/screenshots");

export const PHONE = { width: 390, height: 844 };
export const DESK = { width: 1280, height: 800 };

/** How long a step may take on a busy machine: an upload turned into WebP, a page under load. */
export const STEP_MS = 60_000;

/**
 * docs/screenshots/NAME.png: what the window shows, scrolled so that `section`
 * starts at its top (below the sticky header), or the page's top without one.
 * Every image has been decoded first, so no photo is caught half-loaded.
 */
export async function capture(page: Page, name: string, section?: Locator) {
  // A form's answer moves focus to its notice once the page has fetched its data again: scroll after that.
  await page.waitForLoadState("networkidle", { timeout: STEP_MS });
  await page.waitForTimeout(300);
  if (section) await section.evaluate((element) => element.scrollIntoView({ block: "start" }));
  else await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(
    () => Array.from(document.images).every((image) => image.complete || image.loading === "lazy"),
    undefined,
    { timeout: STEP_MS },
  );
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), animations: "disabled" });
  console.log(`docs/screenshots/${name}.png`);
}

/** Waits until the page says `text` in a status or notice: the back office's answer to a form. */
export async function answered(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor({ timeout: STEP_MS });
}
