import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";

/** The answers notices.tsx renders: a notice or a refusal, once it says something. */
const SHOWN_ANSWER = "[data-answer]:not(:empty)";

/** "2 fields to correct: Price, Weight (oz)." from the fields as their labels name them. */
function correctionsMessage(fields: HTMLElement[]) {
  const named = fields
    .map((field) => (field as HTMLInputElement).labels?.[0]?.textContent?.trim())
    .filter(Boolean)
    .join(", ");
  const count = `${fields.length} ${fields.length === 1 ? "field" : "fields"} to correct`;
  return `Nothing changed: ${count}${named ? `: ${named}` : ""}.`;
}

/**
 * Where the owner's eyes and focus go once a back-office form is answered. A
 * phone's page is long and its answer often stands at the top, far from the
 * button she tapped, and the form that answered may be gone (a shipped
 * order's card): so focus goes to the first field in error, with the count
 * announced, or else to the answer itself, which focusing scrolls into view.
 * Focus never drops to <body>. The announcer is always in the page, so what
 * it gains is read out; React leaves its text to this effect.
 */
export function AnswerAnnouncer() {
  const navigation = useNavigation();
  const posted = useRef(false);
  const announcer = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const announce = (text: string) => {
      if (announcer.current) announcer.current.textContent = text;
    };
    if (navigation.state === "submitting" && navigation.formMethod === "POST") {
      posted.current = true;
      // Emptied first, so the same count after the next refusal is announced again.
      announce("");
      return;
    }
    if (navigation.state !== "idle" || !posted.current) return;
    posted.current = false;
    const page = document.getElementById("main") ?? document.body;
    const invalid = [...page.querySelectorAll<HTMLElement>('[aria-invalid="true"]')];
    if (invalid.length > 0) {
      invalid[0]!.focus();
      announce(correctionsMessage(invalid));
      return;
    }
    page.querySelector<HTMLElement>(SHOWN_ANSWER)?.focus();
  }, [navigation.state, navigation.formMethod]);
  return <p className="visually-hidden" role="status" ref={announcer} />;
}
