import type { Locator, Page } from "@playwright/test";

/** Tab (or Shift+Tab) until `target` has focus, as a keyboard-only user moves; fails if it is never reached. */
export async function tabTo(page: Page, target: Locator, direction: "Tab" | "Shift+Tab" = "Tab") {
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(direction);
  }
  throw new Error(`${target.toString()} was not reached with ${direction}`);
}

/** Moves to a field by Tab and types into it, replacing what it held. */
export async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}
