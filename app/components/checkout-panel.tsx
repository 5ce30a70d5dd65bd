import { Suspense, lazy, useCallback, useEffect, useRef, useState } from "react";
import { useCheckoutAttempt } from "~/checkout/checkout-attempt";
import { cardFields, shippingFields, stateOptions, toInputErrors } from "~/checkout/checkout-fields";
import { type Destination, blocksPay, useQuote } from "~/checkout/use-quote";
import { type ConfirmPayment, type PaidOrder, confirmPaidWithDiscount, confirmWithTestCard, pay } from "~/checkout/pay";
import { type CartItem, totalPriceCents } from "~/cart/reducer";
import { dispatchCart } from "~/cart/store";
import { shippingSchema } from "~/lib/checkout-schema";
import { checkoutTexts } from "~/lib/checkout-texts";
import { formatPrice } from "~/lib/money";
import { pricingTexts } from "~/lib/pricing-texts";
import { testCardSchema } from "~/lib/test-card-schema";
import { fieldErrors } from "~/lib/zod";
import { notify } from "~/notifications/store";
import { CheckoutPolicyLinks } from "./checkout-policy-links";
import { DiscountCodeField } from "./discount-code-field";
import { FormField } from "./form-field";
import { OrderSummary } from "./order-summary";
import { PayRefusal, type PayRefusalText } from "./pay-refusal";
import { SelectField } from "./select-field";

const StripeCardField = lazy(() => import("./stripe-card-field"));

type Errors = Record<string, string>;

/** A modal dialog lets Tab leave for the browser's own controls; this wraps it around instead. */
function keepFocusInside(event: React.KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>("button, input, a[href]")].filter(
    (element) => !element.hasAttribute("disabled"),
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}

interface CheckoutPanelProps {
  items: CartItem[];
  /** Set when the shop takes cards through Stripe; otherwise the test gateway's inputs show. */
  stripePublishableKey?: string;
  onClose: () => void;
  onPaid: (order: PaidOrder) => void;
  onRefreshCart: () => void;
}

/** SPEC §2: the side panel with the shipping form, the card entry and the Pay button. */
export function CheckoutPanel({ items, stripePublishableKey, onClose, onPaid, onRefreshCart }: CheckoutPanelProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const stripeConfirm = useRef<ConfirmPayment>(undefined);
  const onStripeReady = useCallback((confirmPayment: ConfirmPayment) => {
    stripeConfirm.current = confirmPayment;
  }, []);
  const billingName = useCallback(() => String(new FormData(form.current!).get("name") ?? ""), []);
  const attempt = useCheckoutAttempt();
  const [errors, setErrors] = useState<Errors>({});
  const [paying, setPaying] = useState(false);
  const [payRefusal, setPayRefusal] = useState<PayRefusalText>();
  const priced = useQuote(items);
  const addressNeeded = priced.quote?.addressNeeded ?? false;
  // An address no zone ships to (or no valid one): no rate, no total, and Pay waits for another.
  const payBlocked = blocksPay(priced.refusal);
  // The quote's price is the one shown once it depends on the address or a code took something off.
  const summary = !payBlocked && (addressNeeded || priced.quote?.discountCode) ? priced.quote : undefined;
  const shownTotalCents = summary ? summary.totalCents : totalPriceCents(items);
  // A code that covers the whole order: the shop places it as paid, and there is no card to take. (An empty
  // cart costs $0 too, and keeps its card fields: paying it says SPEC's "Your cart is empty!".)
  const nothingToPay = Boolean(summary?.discountCode) && shownTotalCents === 0;
  const formValue = (name: string) => String(new FormData(form.current!).get(name) ?? "");
  /** The email typed, once it is one: a one-per-customer code is checked against it on Apply. */
  const emailIn = (text: string) => {
    const email = shippingSchema.shape.email.safeParse(text);
    return email.success ? email.data : undefined;
  };
  // A new answer makes an earlier refusal at Pay old news.
  const askAgain = (change: Destination) => {
    setPayRefusal(undefined);
    void priced.ask(change);
  };
  const askForAddress = () => {
    if (addressNeeded) askAgain({ state: formValue("state"), zip: formValue("zip") });
  };
  const askForEmail = (event: React.FocusEvent<HTMLInputElement>) => {
    const email = emailIn(event.currentTarget.value);
    if (priced.quote?.discountCode && email) askAgain({ email });
  };
  const refuse = (text: string) => setPayRefusal({ text, shown: Date.now() });

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const showErrors = (form: HTMLFormElement, next: Errors) => {
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (paying) return;
    const form = event.currentTarget;
    setPayRefusal(undefined);
    if (items.length === 0) return refuse(checkoutTexts.emptyCart);
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const shipping = shippingSchema.safeParse(
      Object.fromEntries(shippingFields.map(({ name }) => [name, values[name]])),
    );
    const card =
      stripePublishableKey || nothingToPay
        ? undefined
        : testCardSchema.safeParse(Object.fromEntries(cardFields.map(({ name }) => [name, values[name]])));
    const invalid: Errors = {
      ...(shipping.success ? {} : fieldErrors(shipping.error.issues)),
      ...(card && !card.success ? fieldErrors(card.error.issues) : {}),
    };
    if (Object.keys(invalid).length > 0 || !shipping.success) return showErrors(form, invalid);
    const confirmPayment = nothingToPay
      ? confirmPaidWithDiscount
      : card?.success
        ? confirmWithTestCard(card.data)
        : stripeConfirm.current;
    if (!confirmPayment)
      return refuse("The secure card field has not loaded. Please check your connection and reload the page.");
    setErrors({});

    setPaying(true);
    const result = await pay(
      {
        idempotencyKey: attempt.keyFor(items),
        items,
        shipping: shipping.data,
        shownTotalCents,
        quote: summary,
      },
      confirmPayment,
    );
    setPaying(false);
    if (result.kind === "paid") {
      dispatchCart({ type: "clearCart" });
      notify(checkoutTexts.paymentSuccessful(result.order.thankYouName));
      onPaid(result.order);
    } else if (result.kind === "shortfall") {
      attempt.startAfresh();
      dispatchCart({ type: "applyStock", stock: result.adjustments });
      notify(checkoutTexts.notEnoughStock, { onConfirm: onRefreshCart });
      onClose();
    } else if (result.kind === "total_changed") {
      const { error, quote } = result;
      // A code refused at Pay stands beside the code too, and Pay's message says what the total is now.
      const codeRefused = error.code.startsWith("discount_");
      priced.replace(quote, codeRefused ? error.message : undefined);
      refuse(codeRefused ? `${error.message} ${pricingTexts.totalChanged(quote.totalCents)}` : error.message);
    } else {
      // A declined card keeps its order (and reservation) for a retry with the same key;
      // a refused checkout starts afresh.
      if (!result.orderPlaced || result.error.code === "order_expired") attempt.startAfresh();
      if (result.error.fields) showErrors(form, toInputErrors(result.error.fields));
      else {
        refuse(result.error.message);
        // The zone went since the quote: asking again puts the refusal beside State and stops Pay.
        if (result.error.code === "no_shipping_rate") void priced.ask();
      }
      if (result.error.code === "price_changed") onRefreshCart();
    }
  };

  const field = (spec: { name: string; label: string } & React.InputHTMLAttributes<HTMLInputElement>) => (
    <FormField key={spec.name} {...spec} error={errors[spec.name]} disabled={paying} />
  );
  // The shop's refusal to quote this address stands beside the field it is about.
  const refusal = priced.refusal;
  const addressErrors: Errors = refusal
    ? refusal.fields
      ? toInputErrors(refusal.fields)
      : refusal.code === "no_shipping_rate"
        ? { state: refusal.message }
        : {}
    : {};
  const shippingField = (spec: (typeof shippingFields)[number]) => {
    if (spec.name === "email") return field({ ...spec, onBlur: askForEmail });
    if (!addressNeeded || (spec.name !== "state" && spec.name !== "zip")) return field(spec);
    if (spec.name === "zip")
      return (
        <FormField
          key="zip"
          {...spec}
          error={errors.zip ?? addressErrors.zip}
          disabled={paying}
          onBlur={askForAddress}
        />
      );
    return (
      <SelectField
        key="state"
        name="state"
        label="State"
        autoComplete={spec.autoComplete}
        options={stateOptions}
        required
        error={errors.state ?? addressErrors.state}
        disabled={paying}
        onChange={askForAddress}
      />
    );
  };

  return (
    <dialog
      ref={dialog}
      className="checkout-panel"
      aria-labelledby="checkout-panel-title"
      onClose={onClose}
      onKeyDown={keepFocusInside}
    >
      <form ref={form} className="checkout-panel__form" noValidate onSubmit={onSubmit}>
        <div className="checkout-panel__header">
          <h2 id="checkout-panel-title">Checkout</h2>
          <button type="button" className="checkout-panel__close" aria-label="Close checkout" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <fieldset className="checkout-panel__group">
          <legend>Shipping</legend>
          {shippingFields.map(shippingField)}
        </fieldset>
        <DiscountCodeField
          applied={priced.quote?.discountCode ?? null}
          refusal={priced.codeRefusal}
          disabled={paying}
          onApply={(discountCode) => askAgain({ discountCode, email: emailIn(formValue("email")) })}
        />
        {summary ? (
          <OrderSummary
            quote={summary}
            disabled={paying}
            onChooseMethod={(shippingRateId) => askAgain({ shippingRateId })}
          />
        ) : null}
        {nothingToPay ? null : (
          <fieldset className="checkout-panel__group">
            <legend>Card</legend>
            {stripePublishableKey ? (
              <Suspense fallback={<p className="checkout-panel__note">Loading the secure card field…</p>}>
                <StripeCardField
                  publishableKey={stripePublishableKey}
                  billingName={billingName}
                  onReady={onStripeReady}
                />
              </Suspense>
            ) : (
              <>
                <p className="checkout-panel__note">
                  Test mode: no money is taken. Pay with the card 4242 4242 4242 4242, any future expiry and any CVC.
                </p>
                {field(cardFields[0]!)}
                <div className="checkout-panel__row">{cardFields.slice(1).map(field)}</div>
              </>
            )}
          </fieldset>
        )}
        <div className="checkout-panel__pay-area">
          <PayRefusal refusal={payRefusal} />
          <button
            type="submit"
            className="button button--primary checkout-panel__pay"
            disabled={paying || payBlocked}
            aria-busy={paying}
          >
            {paying ? (
              <>
                <span className="spinner spinner--small" aria-hidden="true" /> Paying…
              </>
            ) : nothingToPay ? (
              "Place order"
            ) : payBlocked ? (
              "Pay"
            ) : (
              `Pay $${formatPrice(shownTotalCents)}`
            )}
          </button>
        </div>
        <CheckoutPolicyLinks />
        <p className="visually-hidden" role="status">
          {priced.announcement}
        </p>
      </form>
    </dialog>
  );
}
