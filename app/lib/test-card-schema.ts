import { z } from "./zod";
import { ORDER_NUMBER_PATTERN } from "./order-number";

/** A card number as typed, with the spaces and hyphens people group it by taken out. */
export const cardDigits = (cardNumber: string) => cardNumber.replace(/[ -]/g, "");

/** Card entry of the built-in test gateway (DESIGN.md): labels Card number, Expiry (MM/YY), CVC. */
export const testCardSchema = z.object({
  cardNumber: z
    .string({ error: "Card number is required" })
    .trim()
    .min(1, "Card number is required")
    .refine((value) => /^[\d -]+$/.test(value) && /^\d{12,19}$/.test(cardDigits(value)), {
      message: "Card number must be 12 to 19 digits",
    }),
  expiry: z
    .string({ error: "Expiry is required" })
    .trim()
    .min(1, "Expiry is required")
    .regex(/^(0[1-9]|1[0-2]) ?\/ ?\d{2}$/, "Expiry must be MM/YY")
    .refine(
      (value) => {
        const [month, year] = value.split("/").map((part) => Number(part.trim()));
        const now = new Date();
        return (
          2000 + year! > now.getUTCFullYear() ||
          (2000 + year! === now.getUTCFullYear() && month! >= now.getUTCMonth() + 1)
        );
      },
      { message: "This card has expired" },
    ),
  cvc: z
    .string({ error: "CVC is required" })
    .trim()
    .regex(/^\d{3,4}$/, "CVC must be 3 or 4 digits"),
});

export type TestCard = z.output<typeof testCardSchema>;

export const testPaymentRequestSchema = testCardSchema
  .extend({ orderNumber: z.string().regex(ORDER_NUMBER_PATTERN, "orderNumber is not an order number") })
  .strict();
