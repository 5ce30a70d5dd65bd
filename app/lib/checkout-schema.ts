import { isPlainLine } from "./plain-text";
import { z } from "./zod";

/** Largest cart the shop takes in one order: lines and units per line. */
export const MAX_LINES = 100;
export const MAX_QUANTITY = 1000;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isPlainLine, `${label} must be plain text on one line`);

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());

/** The receipt's address, optional; with it a one-per-customer code is checked on Apply as at Pay. */
const emailSchema = optional(
  z.string().trim().max(254, "Email is too long").pipe(z.email("Email must be an email address")),
);

/** The shipping form of SPEC §3, with the labels DESIGN.md gives it. */
export const shippingSchema = z
  .object({
    name: required("Name", 100),
    address: required("Street address", 200),
    city: required("City", 100),
    state: required("State", 100),
    zip: required("ZIP code", 20).regex(
      /^[A-Za-z0-9 -]+$/,
      "ZIP code may hold only letters, digits, spaces and hyphens",
    ),
    phone: optional(
      z
        .string()
        .trim()
        .max(30, "Phone number must be at most 30 characters")
        .regex(/^\+?[0-9 ()./-]+$/, "Phone number may hold only digits, spaces and + ( ) . - /"),
    ),
    email: emailSchema,
  })
  .strict();

export type Shipping = z.output<typeof shippingSchema>;

export const checkoutLineSchema = z
  .object({
    id: z
      .number()
      .int("id must be a whole number")
      .positive("id must be positive")
      .max(2_147_483_647, "id is too large"),
    /** The variant, for a product with options (DESIGN.md, "Sizes and scents"). */
    variant: z
      .number()
      .int("variant must be a whole number")
      .positive("variant must be positive")
      .max(2_147_483_647, "variant is too large")
      .optional(),
    quantity: z
      .number()
      .int("quantity must be a whole number")
      .min(1, "quantity must be at least 1")
      .max(MAX_QUANTITY, `quantity must be at most ${MAX_QUANTITY}`),
  })
  .strict();

export type CheckoutLine = z.output<typeof checkoutLineSchema>;

const linesSchema = z
  .array(checkoutLineSchema)
  .max(MAX_LINES, `a cart holds at most ${MAX_LINES} lines`)
  .refine(
    (lines) =>
      new Set(lines.map((line) => `${line.id}.${line.variant ?? ""}`)).size === lines.length &&
      lines.every((line) => line.variant !== undefined || lines.filter((other) => other.id === line.id).length === 1),
    "each item may appear in only one line",
  );

/** A shipping rate's id, as the quote listed it. */
const shippingRateIdSchema = z
  .number({ error: "shippingRateId must be a number" })
  .int("shippingRateId must be a whole number")
  .positive("shippingRateId must be positive")
  .max(2_147_483_647, "shippingRateId is too large");

/** A discount code as typed; empty is none, and one that is no code is refused as unknown (discount_invalid). */
const discountCodeSchema = z
  .string({ error: "discountCode must be a string" })
  .trim()
  .max(64, "discountCode must be at most 64 characters")
  .transform((code) => (code === "" ? undefined : code))
  .optional();

/** POST /api/checkout's body (DESIGN.md §JSON API and §Shipping, tax and discount codes). */
export const checkoutRequestSchema = z
  .object({
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,100}$/, "idempotencyKey must be 8 to 100 letters, digits, - or _"),
    lines: linesSchema,
    shipping: shippingSchema,
    shippingRateId: shippingRateIdSchema.optional(),
    discountCode: discountCodeSchema,
    /** The total the shopper saw (the quote's); without it, only a total of the items alone goes through. */
    expectedTotalCents: z
      .number({ error: "expectedTotalCents must be a number" })
      .int("expectedTotalCents must be a whole number")
      .min(0, "expectedTotalCents must not be negative")
      .max(Number.MAX_SAFE_INTEGER, "expectedTotalCents is too large")
      .optional(),
  })
  .strict();

export type CheckoutRequest = z.output<typeof checkoutRequestSchema>;

/**
 * POST /api/checkout/quote's body. The address may be partly typed: a blank
 * state counts as the first zone's.
 */
export const quoteRequestSchema = z
  .object({
    lines: linesSchema,
    shipping: z
      .object({
        state: optional(z.string().trim().max(100, "State must be at most 100 characters")),
        zip: optional(z.string().trim().max(20, "ZIP code must be at most 20 characters")),
        email: emailSchema,
      })
      .strict()
      .optional(),
    shippingRateId: shippingRateIdSchema.optional(),
    discountCode: discountCodeSchema,
  })
  .strict();

export type QuoteRequestBody = z.output<typeof quoteRequestSchema>;
