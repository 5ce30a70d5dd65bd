import { type Locator, expect } from "@playwright/test";

/**
 * What the shopper sees without scrolling: the element is wholly inside the
 * viewport, and nothing (a sticky header, the checkout panel) lies on top of
 * its middle.
 */
export async function expectInViewUncovered(element: Locator) {
  await expect(element).toBeInViewport({ ratio: 1 });
  const onTop = await element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && node.contains(hit);
  });
  expect(onTop, "nothing covers it").toBe(true);
}
