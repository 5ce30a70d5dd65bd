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
    email: optional(z.string().trim().max(254, "Email is too long").pipe(z.email("Email must be an email address"))),
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
    quantity: z
      .number()
      .int("quantity must be a whole number")
      .min(1, "quantity must be at least 1")
      .max(MAX_QUANTITY, `quantity must be at most ${MAX_QUANTITY}`),
  })
  .strict();

/** POST /api/checkout's body (DESIGN.md §JSON API). */
export const checkoutRequestSchema = z
  .object({
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,100}$/, "idempotencyKey must be 8 to 100 letters, digits, - or _"),
    lines: z.array(checkoutLineSchema).max(MAX_LINES, `a cart holds at most ${MAX_LINES} lines`),
    shipping: shippingSchema,
  })
  .strict()
  .refine((body) => new Set(body.lines.map((line) => line.id)).size === body.lines.length, {
    message: "each item may appear in only one line",
    path: ["lines"],
  });

export type CheckoutRequest = z.output<typeof checkoutRequestSchema>;
