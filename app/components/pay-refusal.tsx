import { useEffect, useRef } from "react";

/** Why the last Pay did not go through; `shown` tells one refusal from the next, even with the same text. */
export interface PayRefusalText {
  text: string;
  shown: number;
}

/**
 * The refusal above Pay, always in the page (an alert region that is there
 * before its text). Pay was disabled while paying, which sends focus to
 * <body>: each new refusal takes the focus, in view beside Pay.
 */
export function PayRefusal({ refusal }: { refusal: PayRefusalText | undefined }) {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (refusal) message.current?.focus();
  }, [refusal]);
  return (
    <p ref={message} className="checkout-panel__refusal" role="alert" tabIndex={-1}>
      {refusal?.text}
    </p>
  );
}
