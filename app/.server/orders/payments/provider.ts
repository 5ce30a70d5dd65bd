/** What a payment provider is asked to take: the server's own figures, never the browser's. */
export interface PaymentRequest {
  orderNumber: string;
  amountCents: number;
  currency: "usd";
  /** Lets the provider recognise a retried request for the same order. */
  idempotencyKey: string;
  billingName: string;
  /** What the provider's dashboard and the card statement's details call it: "{shop's name} order {number}". */
  description: string;
  /** How the amount adds up, for the provider's records (a Stripe PaymentIntent's metadata). */
  breakdown?: PaymentBreakdown;
}

/** An order's total in parts, in cents: amount = subtotal − discount + shipping + tax; and the code, if one was used. */
export interface PaymentBreakdown {
  subtotalCents: number;
  discountCents: number;
  discountCode: string | null;
  shippingCents: number;
  taxCents: number;
}

export type PaymentProviderName = "test" | "stripe";

export interface CreatedPayment {
  /** The provider's reference for this payment, stored on the order. */
  ref: string;
  /** What the browser needs to confirm the card with this provider. */
  clientData: { provider: PaymentProviderName } & Record<string, unknown>;
}

export type PaymentCheck = { succeeded: true; amountCents: number; currency: string } | { succeeded: false };

/** A provider's notification, reduced to what the shop acts on. */
export interface PaymentEvent {
  id: string;
  /** "refunded": the whole payment was given back, from the provider's own dashboard or by the shop. */
  type: "succeeded" | "failed" | "refunded" | "other";
  ref?: string;
  amountCents?: number;
  currency?: string;
  failureMessage?: string;
}

export interface PaymentProvider {
  name: PaymentProviderName;
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /** What the browser needs for a payment created earlier (an idempotent retry of checkout). */
  resumePayment(ref: string): Promise<CreatedPayment>;
  /**
   * Changes the amount of a payment not yet made: a checkout sent again with
   * another shipping rate or address, whose pending order's total changed.
   */
  updatePayment(ref: string, update: { amountCents: number; breakdown: PaymentBreakdown }): Promise<void>;
  /** Asks the provider whether the payment went through, so a slow webhook leaves no one waiting. */
  checkPayment(ref: string): Promise<PaymentCheck>;
  /** Stops a payment before its order expires; "succeeded" when it is too late for that. */
  cancelPayment(ref: string): Promise<"cancelled" | "succeeded">;
  /**
   * Gives a payment's money back, all of it. The key makes a retry of the
   * same refund (after a timeout or a crash) return the first one instead of
   * refunding twice. Answers the provider's id for the refund.
   */
  refundPayment(ref: string, refund: { amountCents: number; idempotencyKey: string }): Promise<string>;
  /** Verifies and reads a webhook call; throws when the signature is not the provider's. */
  parseWebhook?(payload: string, signature: string): PaymentEvent;
}
