/** What a payment provider is asked to take: the server's own figures, never the browser's. */
export interface PaymentRequest {
  orderNumber: string;
  amountCents: number;
  currency: "usd";
  /** Lets the provider recognise a retried request for the same order. */
  idempotencyKey: string;
  billingName: string;
}

export interface CreatedPayment {
  /** The provider's reference for this payment, stored on the order. */
  ref: string;
  /** What the browser needs to confirm the card with this provider. */
  clientData: { provider: PaymentProviderName } & Record<string, unknown>;
}

export type PaymentProviderName = "test" | "stripe";

export interface PaymentProvider {
  name: PaymentProviderName;
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /** What the browser needs for a payment created earlier (an idempotent retry of checkout). */
  resumePayment(ref: string): Promise<CreatedPayment>;
  /** Stops a payment that must not go through any more (its order expired). */
  cancelPayment(ref: string): Promise<void>;
}
