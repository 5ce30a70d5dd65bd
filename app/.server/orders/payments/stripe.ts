import Stripe from "stripe";
import type { Config } from "../../config";
import type { CreatedPayment, PaymentBreakdown, PaymentEvent, PaymentProvider } from "./provider";

type StripeSettings = NonNullable<Config["stripe"]>;

function clientOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return { maxNetworkRetries: 2 };
  // A stand-in for Stripe's API (tests, local mocks).
  const url = new URL(apiUrl);
  return {
    maxNetworkRetries: 0,
    host: url.hostname,
    port: url.port || (url.protocol === "https:" ? 443 : 80),
    protocol: url.protocol === "https:" ? "https" : "http",
  };
}

function created(intent: Stripe.PaymentIntent, publishableKey: string): CreatedPayment {
  return { ref: intent.id, clientData: { provider: "stripe", clientSecret: intent.client_secret, publishableKey } };
}

/**
 * The breakdown as metadata, which takes strings: what the Stripe dashboard
 * shows beside the amount. No code is an empty value, which Stripe takes as
 * no key: an update to an order without one leaves none behind.
 */
function breakdownMetadata(breakdown: PaymentBreakdown | undefined): Record<string, string> {
  if (!breakdown) return {};
  return {
    subtotalCents: String(breakdown.subtotalCents),
    discountCents: String(breakdown.discountCents),
    discountCode: breakdown.discountCode ?? "",
    shippingCents: String(breakdown.shippingCents),
    taxCents: String(breakdown.taxCents),
  };
}

/** Stripe through PaymentIntents: the amount is always the server's, in cents (SPEC §7). */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiUrl));
  return {
    name: "stripe",
    async createPayment(request) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          metadata: { orderNumber: request.orderNumber, ...breakdownMetadata(request.breakdown) },
          description: request.description,
          allowed_payment_method_types: ["card"],
        },
        { idempotencyKey: `wickshop-${request.idempotencyKey}` },
      );
      return created(intent, settings.publishableKey);
    },
    async updatePayment(ref, update) {
      await stripe.paymentIntents.update(ref, {
        amount: update.amountCents,
        metadata: breakdownMetadata(update.breakdown),
      });
    },
    async resumePayment(ref) {
      return created(await stripe.paymentIntents.retrieve(ref), settings.publishableKey);
    },
    async checkPayment(ref) {
      const intent = await stripe.paymentIntents.retrieve(ref);
      return intent.status === "succeeded"
        ? { succeeded: true, amountCents: intent.amount_received || intent.amount, currency: intent.currency }
        : { succeeded: false };
    },
    async cancelPayment(ref) {
      const intent = await stripe.paymentIntents.retrieve(ref);
      if (intent.status === "succeeded") return "succeeded";
      if (intent.status !== "canceled") await stripe.paymentIntents.cancel(ref);
      return "cancelled";
    },
    async refundPayment(ref, refund) {
      try {
        const created = await stripe.refunds.create(
          { payment_intent: ref, amount: refund.amountCents },
          { idempotencyKey: `wickshop-${refund.idempotencyKey}` },
        );
        return created.id;
      } catch (error) {
        // Stripe forgets idempotency keys after a day: a refund an earlier attempt made then reads as this error.
        if (!(error instanceof Stripe.errors.StripeError) || error.code !== "charge_already_refunded") throw error;
        const earlier = await stripe.refunds.list({ payment_intent: ref, limit: 1 });
        if (!earlier.data[0]) throw error;
        return earlier.data[0].id;
      }
    },
    parseWebhook(payload, signature): PaymentEvent {
      const event = stripe.webhooks.constructEvent(payload, signature, settings.webhookSecret);
      if (event.type === "charge.refunded") {
        const charge = event.data.object;
        const ref = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
        // A partial refund leaves the order as it is: the shop refunds whole orders only.
        if (!charge.refunded || !ref) return { id: event.id, type: "other" };
        return { id: event.id, type: "refunded", ref, amountCents: charge.amount_refunded, currency: charge.currency };
      }
      if (event.type !== "payment_intent.succeeded" && event.type !== "payment_intent.payment_failed") {
        return { id: event.id, type: "other" };
      }
      const intent = event.data.object;
      return {
        id: event.id,
        type: event.type === "payment_intent.succeeded" ? "succeeded" : "failed",
        ref: intent.id,
        amountCents: intent.amount_received || intent.amount,
        currency: intent.currency,
        failureMessage: intent.last_payment_error?.message,
      };
    },
  };
}
