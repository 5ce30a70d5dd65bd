import { useContext, useState } from "react";
import { Link } from "react-router";
import { PageStyleContext } from "~/styles/page-style";

/** Where a dismissed announcement's text is kept: for the session, so a new one shows again. */
const DISMISSED = "wickshop-announcement-dismissed";
/** The class the head's script gives <html> when this announcement was dismissed in this session. */
const HIDDEN_CLASS = "announcement-dismissed";

/** An inline script's string literal: `<` escaped, so no text the owner types can close the script. */
const scriptString = (text: string) => JSON.stringify(text).replaceAll("<", "\\u003c");

/**
 * Hides a dismissed announcement before the body is drawn, so it never
 * appears and then goes (no layout shift); it carries the response's
 * Content-Security-Policy nonce, as the style sheet does.
 */
export function AnnouncementDismissedScript({ text }: { text: string }) {
  const page = useContext(PageStyleContext);
  if (!text) return null;
  const script = `try{if(sessionStorage.getItem("${DISMISSED}")===${scriptString(text)})document.documentElement.classList.add("${HIDDEN_CLASS}")}catch(e){}`;
  return <script nonce={page?.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}

/** The owner's announcement (/admin/settings): one line above the nav on every page, until dismissed. */
export function Announcement({ text, link }: { text: string; link: string }) {
  const [dismissed, setDismissed] = useState(false);
  if (!text || dismissed) return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED, text);
    } catch {
      // Storage refused (private mode): it is dismissed for this page only.
    }
    setDismissed(true);
  };
  return (
    <aside className="announcement" aria-label="Shop announcement">
      <p className="announcement__text">
        {!link ? text : link.startsWith("/") ? <Link to={link}>{text}</Link> : <a href={link}>{text}</a>}
      </p>
      <button type="button" className="announcement__dismiss" aria-label="Dismiss the announcement" onClick={dismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}
