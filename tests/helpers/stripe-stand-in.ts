import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface StandInIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
}

export interface StandInRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
}

/** A form's `metadata[key]` fields over what an intent kept, as Stripe keeps them: an empty value unsets its key. */
function metadataOf(form: URLSearchParams, kept: Record<string, string> = {}): Record<string, string> {
  const metadata = { ...kept };
  for (const [name, value] of form) {
    const key = /^metadata\[(.+)\]$/.exec(name)?.[1];
    if (key && value) metadata[key] = value;
    else if (key) delete metadata[key];
  }
  return metadata;
}

/**
 * A local HTTP stand-in for the Stripe endpoints the shop calls (create,
 * retrieve, update and cancel a PaymentIntent; create and list refunds), recording
 * every request it gets. Like Stripe, a repeated idempotency key returns the
 * first answer, and a second refund of a refunded payment is refused.
 */
export async function startStripeStandIn() {
  const intents = new Map<string, StandInIntent>();
  const requests: { method: string; path: string; form: URLSearchParams; idempotencyKey?: string }[] = [];
  const idempotent = new Map<string, StandInIntent | StandInRefund>();
  const refunds: StandInRefund[] = [];
  /** How many refund requests to answer with a 500 before the next ones succeed. */
  let refundFailures = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      requests.push({ method: req.method!, path: req.url!, form, idempotencyKey });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${requests.length}` });
        res.end(JSON.stringify(json));
      };
      const [, , , id, action] = req.url!.split("?")[0]!.split("/"); // "", "v1", "payment_intents", id, action
      const remembered = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
      if (req.method === "POST" && req.url === "/v1/refunds") {
        if (refundFailures > 0) {
          refundFailures--;
          return send(500, { error: { type: "api_error", message: "Stand-in outage" } });
        }
        if (remembered) return send(200, remembered);
        const refunded = intents.get(form.get("payment_intent") ?? "");
        if (!refunded || refunded.status !== "succeeded")
          return send(400, { error: { type: "invalid_request_error", message: "Nothing to refund" } });
        if (refunds.some((refund) => refund.payment_intent === refunded.id)) {
          return send(400, {
            error: {
              type: "invalid_request_error",
              code: "charge_already_refunded",
              message: "Charge has already been refunded.",
            },
          });
        }
        const refund: StandInRefund = {
          id: `re_${refunds.length + 1}`,
          object: "refund",
          amount: Number(form.get("amount") ?? refunded.amount_received),
          currency: refunded.currency,
          payment_intent: refunded.id,
          status: "succeeded",
        };
        refunds.push(refund);
        if (idempotencyKey) idempotent.set(idempotencyKey, refund);
        return send(200, refund);
      }
      if (req.method === "GET" && req.url!.startsWith("/v1/refunds?")) {
        const ofIntent = new URL(req.url!, "http://stand-in").searchParams.get("payment_intent");
        return send(200, {
          object: "list",
          data: refunds.filter((refund) => refund.payment_intent === ofIntent),
          has_more: false,
        });
      }
      if (req.method === "POST" && req.url === "/v1/payment_intents") {
        if (remembered) return send(200, remembered);
        const intent: StandInIntent = {
          id: `pi_${intents.size + 1}_${Date.now()}`,
          object: "payment_intent",
          amount: Number(form.get("amount")),
          amount_received: 0,
          currency: form.get("currency") ?? "",
          status: "requires_payment_method",
          client_secret: `pi_secret_${intents.size + 1}`,
          metadata: { orderNumber: form.get("metadata[orderNumber]") ?? "", ...metadataOf(form) },
        };
        intents.set(intent.id, intent);
        if (idempotencyKey) idempotent.set(idempotencyKey, intent);
        return send(200, intent);
      }
      const intent = id ? intents.get(id) : undefined;
      if (!intent) return send(404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
      if (req.method === "GET" && !action) return send(200, intent);
      if (req.method === "POST" && !action) {
        // An update: Stripe takes a new amount only before the payment is made.
        if (intent.status === "succeeded" || intent.status === "canceled") {
          return send(400, {
            error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: intent.status },
          });
        }
        if (form.has("amount")) intent.amount = Number(form.get("amount"));
        intent.metadata = metadataOf(form, intent.metadata);
        return send(200, intent);
      }
      if (req.method === "POST" && action === "cancel") {
        if (intent.status === "succeeded") {
          return send(400, {
            error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: "succeeded" },
          });
        }
        intent.status = "canceled";
        return send(200, intent);
      }
      return send(404, { error: { type: "invalid_request_error", message: "Unknown endpoint" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    refunds,
    /** The next `count` refund requests fail with a 500, as Stripe does during an outage. */
    failRefunds(count: number) {
      refundFailures = count;
    },
    /** Forgets every idempotency key, as Stripe does after a day. */
    forgetIdempotencyKeys: () => idempotent.clear(),
    /** What a card confirmed through Stripe.js would do to the intent. */
    succeed(intentId: string) {
      const intent = intents.get(intentId)!;
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const stripeTestSettings = {
  secretKey: "sk_test_wickshop",
  publishableKey: "pk_test_wickshop",
  webhookSecret: "whsec_wickshop_test_secret",
};

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** The settings of a shop that takes cards through `stripe`. */
export const stripeShopEnv = (stripe: Pick<StripeStandIn, "url">) => ({
  STRIPE_SECRET_KEY: stripeTestSettings.secretKey,
  STRIPE_PUBLISHABLE_KEY: stripeTestSettings.publishableKey,
  STRIPE_WEBHOOK_SECRET: stripeTestSettings.webhookSecret,
  STRIPE_API_URL: stripe.url,
});

/** A webhook call as Stripe sends it, signed with the stripe package's own test helper. */
export function signedStripeEvent(event: {
  id: string;
  type: string;
  object: Partial<StandInIntent> | Record<string, unknown>;
}) {
  const payload = JSON.stringify({
    id: event.id,
    object: "event",
    type: event.type,
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: { object: event.object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: stripeTestSettings.webhookSecret });
  return { payload, signature };
}

/** Stripe's word that an intent went through: payment_intent.succeeded for `amount` (the intent's own by default). */
export const succeededEvent = (
  id: string,
  intent: { id: string; amount: number; currency: string },
  amount = intent.amount,
) =>
  signedStripeEvent({
    id,
    type: "payment_intent.succeeded",
    object: {
      id: intent.id,
      object: "payment_intent",
      amount,
      amount_received: amount,
      currency: intent.currency,
      status: "succeeded",
    },
  });

/** Delivers a webhook call to the shop as Stripe does (a different `signature` forges it). */
export const sendStripeWebhook = (
  shopUrl: string,
  event: ReturnType<typeof signedStripeEvent>,
  signature = event.signature,
) =>
  fetch(`${shopUrl}/api/payments/stripe/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: event.payload,
  });

/** Stripe's word that a charge was refunded in full (from its dashboard, or the shop's own refund). */
export const chargeRefundedEvent = (id: string, intent: { id: string; amount: number; currency: string }) =>
  signedStripeEvent({
    id,
    type: "charge.refunded",
    object: {
      id: `ch_${intent.id}`,
      object: "charge",
      amount: intent.amount,
      amount_refunded: intent.amount,
      refunded: true,
      currency: intent.currency,
      payment_intent: intent.id,
    },
  });
