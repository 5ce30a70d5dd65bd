import { createContext, useContext } from "react";

/**
 * The shop's style sheet, given by the server's entry (app/entry.server.tsx)
 * with the response's Content-Security-Policy nonce.
 */
export const PageStyleContext = createContext<{ css: string; nonce: string | undefined } | undefined>(undefined);

const STYLE_ID = "page-style";

/**
 * In the browser the style sheet is the one the server wrote: it is read
 * back from the page before React hydrates it, so the scripts never carry it.
 */
const writtenByTheServer =
  typeof document === "undefined" ? "" : (document.getElementById(STYLE_ID)?.textContent ?? "");

/**
 * The whole style sheet inside the page (6.4 KiB compressed), so the first
 * paint waits on no other request. A kept page is compressed once, with it.
 */
export function PageStyle() {
  const page = useContext(PageStyleContext);
  return (
    <style
      id={STYLE_ID}
      nonce={page?.nonce}
      // Browsers hide a nonce from the page once it is read, so the hydrating client never sees it.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: page?.css ?? writtenByTheServer }}
    />
  );
}
