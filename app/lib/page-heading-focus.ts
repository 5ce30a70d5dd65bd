import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

/** The new page's h1, focusable by script only, so a screen reader reads where the shopper arrived. */
function focusPageHeading() {
  const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("main");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  // Going back restores the scroll position: focus must not undo it.
  heading.focus({ preventScroll: true });
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
