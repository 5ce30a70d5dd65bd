import { z } from "zod";
import { CARRIERS } from "./carriers";
import { ORDER_NUMBER_PATTERN } from "./order-number";

/** A field left empty, or not sent, is "not given". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value),
    schema.nullable(),
  );

/** The Mark shipped form: the order, and optionally the carrier and its tracking number. */
export const markShippedSchema = z
  .object({
    intent: z.literal("ship"),
    number: z.string().trim().regex(ORDER_NUMBER_PATTERN, "No such order."),
    carrier: optional(z.enum([...CARRIERS, "Other"], "Choose a carrier from the list.")),
    trackingNumber: optional(
      z
        .string()
        .trim()
        .max(64, "A tracking number has at most 64 characters.")
        .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, "A tracking number has letters, digits, spaces and dashes only."),
    ),
  })
  .strict();

export type MarkShipped = z.infer<typeof markShippedSchema>;

/** Cancel and refund: the order, and whether its items go back in stock (a checkbox, on by default). */
export const cancelAndRefundSchema = z
  .object({
    intent: z.literal("refund"),
    number: z.string().trim().regex(ORDER_NUMBER_PATTERN, "No such order."),
    restock: z.literal("on").optional(),
  })
  .strict();

/** The statuses the orders list filters by ("all" shows every order). */
export const ORDER_STATUS_FILTERS = ["all", "paid", "shipped", "refunded", "pending_payment", "expired"] as const;

/** An order's status as the owner reads it, on the list, its filter and the order's page (shoppers read account.tsx's). */
export const ORDER_STATUS_NAMES: Record<(typeof ORDER_STATUS_FILTERS)[number], string> = {
  all: "All orders",
  paid: "Paid, to ship",
  shipped: "Shipped",
  refunded: "Refunded",
  pending_payment: "Waiting for payment",
  expired: "Expired unpaid",
};

/** The orders list's query string: a status, a search (order number, name or email) and a page. */
export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUS_FILTERS).catch("all"),
  q: z.string().trim().max(100).catch(""),
});

export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** The list query a URL asks for; anything it does not know reads as no filter. */
export const orderListQueryOf = (url: URL): OrderListQuery =>
  orderListQuerySchema.parse({
    status: url.searchParams.get("status") ?? undefined,
    q: url.searchParams.get("q") ?? undefined,
  });
