import type { Locator } from "@playwright/test";

/** Counts the columns of a grid as a shopper sees them: the distinct left edges of its cells. */
export async function columnCount(cells: Locator): Promise<number> {
  const boxes = await cells.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().left));
  return new Set(boxes.map((left) => Math.round(left))).size;
}
