import type { PaymentProvider } from "./provider";
import { testGateway } from "./test-gateway";

/**
 * The providers the shop can reach: the one new checkouts use, and the one
 * each order was placed with. An order is always settled, cancelled or checked
 * with its own provider, so switching the shop between the test gateway and
 * Stripe leaves no order to the wrong one. The test gateway takes no money
 * and needs no settings, so its orders can always be settled.
 */
export interface PaymentProviders {
  current: PaymentProvider;
  /** The provider of an order; undefined when the shop no longer has its settings (Stripe's keys removed). */
  of(name: string): PaymentProvider | undefined;
}

export function paymentProviders(stripe?: PaymentProvider): PaymentProviders {
  const byName = new Map<string, PaymentProvider>([
    [testGateway.name, testGateway],
    ...(stripe ? [[stripe.name, stripe] as const] : []),
  ]);
  return { current: stripe ?? testGateway, of: (name) => byName.get(name) };
}
