import { cardDigits } from "~/lib/test-card-schema";
import type { PaymentProvider } from "./provider";

/**
 * The built-in gateway for shops without Stripe: it takes no money and knows
 * only DESIGN.md's test cards. Card details are checked and forgotten; they
 * are never stored or logged.
 */
export const TEST_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

export type TestCardResult = { approved: true } | { approved: false; message: string };

export function chargeTestCard(cardNumber: string): TestCardResult {
  switch (cardDigits(cardNumber)) {
    case TEST_CARDS.success:
      return { approved: true };
    case TEST_CARDS.declined:
      return { approved: false, message: "Your card was declined." };
    case TEST_CARDS.insufficientFunds:
      return { approved: false, message: "Your card has insufficient funds." };
    default:
      return {
        approved: false,
        message: "This shop is in test mode and takes no real cards. Use the test card 4242 4242 4242 4242.",
      };
  }
}

/** Its payments succeed only through the shop's own confirmation endpoint, recorded there at once. */
export const testGateway: PaymentProvider = {
  name: "test",
  createPayment: async (request) => ({ ref: `test_${request.orderNumber}`, clientData: { provider: "test" } }),
  resumePayment: async (ref) => ({ ref, clientData: { provider: "test" } }),
  // Its card form charges the order's own amount (test-card-payment.ts): nothing to tell it.
  updatePayment: async () => {},
  checkPayment: async () => ({ succeeded: false }),
  cancelPayment: async () => "cancelled",
  // It took no money, so there is none to give back.
  refundPayment: async (ref) => `test_refund_${ref}`,
};
