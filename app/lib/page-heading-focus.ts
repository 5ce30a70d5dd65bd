import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

/** The polite live region the layout keeps empty for this hook: it says the new page's heading. */
export const PAGE_ANNOUNCER_ID = "page-announcer";

/**
 * The new page's h1, focusable by script only, and its words said through
 * the layout's live region: a screen reader does not always speak a focus
 * moved by the page (Orca moves silently to a heading), so the live region
 * says where the shopper arrived.
 */
function focusPageHeading() {
  const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("main");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  // Going back restores the scroll position: focus must not undo it.
  heading.focus({ preventScroll: true });
  announceHeading(heading);
}

/** Says a heading focus has moved to through the layout's live region, for the readers that stay silent. */
export function announceHeading(heading: HTMLElement) {
  const announcer = document.getElementById(PAGE_ANNOUNCER_ID);
  if (announcer) announcer.textContent = heading.textContent;
}

/**
 * After a client-side navigation focus would stay on the link that is gone,
 * that is on <body>, and nothing tells a screen reader the page changed: it
 * moves to the new page's h1. Not on the first load, where the browser
 * starts at the top of the document as a reader expects.
 *
 * A change of the query only (a page of a list, a filter, a search) comes
 * from a control still on the page: focus stays on it, as taking the shopper
 * back to the top would make her Tab down again. Only when that control went
 * away (Next on the last page) does focus go to the h1.
 *
 * A layout effect runs before every page's own effects, so a page that puts
 * focus somewhere itself (a confirmation after a save) still has the last word.
 */
export function usePageHeadingFocus() {
  const { pathname, search } = useLocation();
  const shown = useRef<{ pathname: string; search: string }>(undefined);
  useLayoutEffect(() => {
    const previous = shown.current;
    shown.current = { pathname, search };
    if (!previous) return;
    if (previous.pathname === pathname && document.activeElement !== document.body) return;
    focusPageHeading();
  }, [pathname, search]);
}
