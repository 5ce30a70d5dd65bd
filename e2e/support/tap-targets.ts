import type { Page } from "@playwright/test";

/** WCAG 2.5.5's target size, in CSS pixels: what a thumb hits on a phone. */
export const TAP_TARGET = 44;

export interface SmallTarget {
  /** The element as a person would name it: its role-ish tag and its text or label. */
  target: string;
  width: number;
  height: number;
}

/**
 * Every visible interactive element of the page's main content and its
 * header whose box is under 44 × 44 px. A checkbox or radio is measured by
 * its label, which takes the tap too. A link inside running text is left
 * out, as WCAG 2.5.8 allows: an inline link whose block holds a sentence of
 * other text around it, where a bigger box would break the line's height.
 */
export function smallTapTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate((size) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
    // A link shown inline whose nearest block holds a sentence (four words or more) besides it.
    const inSentence = (element: Element) => {
      if (element.tagName !== "A" || getComputedStyle(element).display !== "inline") return false;
      let block = element.parentElement;
      while (block && getComputedStyle(block).display === "inline") block = block.parentElement;
      const around = (block?.textContent ?? "").replace(element.textContent ?? "", "");
      return around.split(/\s+/).filter((word) => /\w/.test(word)).length >= 4;
    };
    const nameOf = (element: Element) => {
      const label = (element as HTMLInputElement).labels?.[0]?.textContent;
      const text = element.getAttribute("aria-label") ?? label ?? element.textContent ?? "";
      return `${element.tagName.toLowerCase()} "${text.trim().replaceAll(/\s+/g, " ").slice(0, 60)}"`;
    };
    const scope = [...document.querySelectorAll("main, .site-header")];
    const found = scope.flatMap((root) => [...root.querySelectorAll(selector)]);
    return found.flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return [];
      if (getComputedStyle(element).visibility === "hidden") return [];
      const type = (element as HTMLInputElement).type;
      const label = (element as HTMLInputElement).labels?.[0];
      const measured = (type === "checkbox" || type === "radio") && label ? label.getBoundingClientRect() : box;
      if (inSentence(element)) return [];
      // A pixel's fraction is the browser's rounding, not a smaller target.
      if (Math.round(measured.width) >= size && Math.round(measured.height) >= size) return [];
      return [{ target: nameOf(element), width: Math.round(measured.width), height: Math.round(measured.height) }];
    });
  }, TAP_TARGET);
}
