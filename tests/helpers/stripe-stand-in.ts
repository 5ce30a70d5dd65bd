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

/**
 * A local HTTP stand-in for the Stripe endpoints the shop calls (create,
 * retrieve and cancel a PaymentIntent), recording every request it gets.
 */
export async function startStripeStandIn() {
  const intents = new Map<string, StandInIntent>();
  const requests: { method: string; path: string; form: URLSearchParams; idempotencyKey?: string }[] = [];
  const idempotent = new Map<string, StandInIntent>();
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
      if (req.method === "POST" && req.url === "/v1/payment_intents") {
        const existing = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
        if (existing) return send(200, existing);
        const intent: StandInIntent = {
          id: `pi_${intents.size + 1}_${Date.now()}`,
          object: "payment_intent",
          amount: Number(form.get("amount")),
          amount_received: 0,
          currency: form.get("currency") ?? "",
          status: "requires_payment_method",
          client_secret: `pi_secret_${intents.size + 1}`,
          metadata: { orderNumber: form.get("metadata[orderNumber]") ?? "" },
        };
        intents.set(intent.id, intent);
        if (idempotencyKey) idempotent.set(idempotencyKey, intent);
        return send(200, intent);
      }
      const intent = id ? intents.get(id) : undefined;
      if (!intent) return send(404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
      if (req.method === "GET" && !action) return send(200, intent);
      if (req.method === "POST" && action === "cancel") {
        if (intent.status === "succeeded") {
          return send(400, { error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: "succeeded" } });
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

/** A webhook call as Stripe sends it, signed with the stripe package's own test helper. */
export function signedStripeEvent(event: { id: string; type: string; object: Partial<StandInIntent> }) {
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
export const succeededEvent = (id: string, intent: { id: string; amount: number; currency: string }, amount = intent.amount) =>
  signedStripeEvent({
    id,
    type: "payment_intent.succeeded",
    object: { id: intent.id, object: "payment_intent", amount, amount_received: amount, currency: intent.currency, status: "succeeded" },
  });

/** Delivers a webhook call to the shop as Stripe does (a different `signature` forges it). */
export const sendStripeWebhook = (shopUrl: string, event: ReturnType<typeof signedStripeEvent>, signature = event.signature) =>
  fetch(`${shopUrl}/api/payments/stripe/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: event.payload,
  });
