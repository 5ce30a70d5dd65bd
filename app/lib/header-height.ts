import { type RefObject, useEffect } from "react";

/**
 * Keeps `--header-height` on <html> the sticky header's height, as it wraps
 * or a name in it grows: `scroll-padding-top` (base.css) adds it, so what
 * focus or a link scrolls into view never lands under the header.
 */
export function useHeaderHeight(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty("--header-height", `${element.offsetHeight}px`));
    observer.observe(element);
    return () => observer.disconnect();
  }, [header]);
}
