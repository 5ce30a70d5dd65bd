import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { type Stripe, loadStripe } from "@stripe/stripe-js";
import { useEffect } from "react";
import { type ConfirmPayment, waitUntilPaid } from "~/checkout/pay";

let stripePromise: Promise<Stripe | null> | undefined;

interface StripeCardFieldProps {
  publishableKey: string;
  billingName: () => string;
  /** Hands the panel a way to confirm the card once the order is placed. */
  onReady: (confirm: ConfirmPayment) => void;
}

function CardField({ billingName, onReady }: Omit<StripeCardFieldProps, "publishableKey">) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    onReady(async ({ number, accessToken, payment }) => {
      const card = elements.getElement(CardElement);
      if (!card)
        return {
          kind: "failed",
          orderPlaced: true,
          error: { code: "card_missing", message: "Enter your card details." },
        };
      const { error, paymentIntent } = await stripe.confirmCardPayment(String(payment.clientSecret), {
        payment_method: { card, billing_details: { name: billingName() } },
      });
      if (error)
        return {
          kind: "failed",
          orderPlaced: true,
          error: { code: error.code ?? "card_error", message: error.message ?? "Your card was not accepted." },
        };
      if (paymentIntent?.status !== "succeeded") {
        return {
          kind: "failed",
          orderPlaced: true,
          error: { code: "payment_incomplete", message: "The payment was not completed. Please try again." },
        };
      }
      return waitUntilPaid(number, accessToken);
    });
  }, [stripe, elements, billingName, onReady]);
  return (
    <div className="form-field">
      <span className="form-field__label" id="stripe-card-label">
        Card
      </span>
      <div className="stripe-card" aria-labelledby="stripe-card-label">
        <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: "16px", color: "#2e2219" } } }} />
      </div>
    </div>
  );
}

/** Stripe's card field; this module, and Stripe.js with it, load only on /checkout in a shop that uses Stripe. */
export default function StripeCardField({ publishableKey, ...rest }: StripeCardFieldProps) {
  stripePromise ??= loadStripe(publishableKey);
  return (
    <Elements stripe={stripePromise}>
      <CardField {...rest} />
    </Elements>
  );
}
