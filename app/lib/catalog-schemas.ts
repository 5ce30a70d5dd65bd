import { typedDollarsToCents } from "./money-input";
import { rowIdSchema } from "./row-id";
import { ouncesToHundredths } from "./weight";
import { z } from "./zod";

/** The owner's catalog forms (DESIGN.md, "The owner's back office"), checked on the server. */

const MAX_STOCK = 1_000_000;

/** The largest catalog file the back office imports (the CLI takes any). */
export const MAX_CATALOG_FILE_BYTES = 20 * 1024 * 1024;

/** Photos one save may upload; a phone's picker sends them in one request. */
export const MAX_PHOTOS_PER_SAVE = 10;

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^[+-]?\d{1,7}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));

export const PRICE_NEEDED = "Enter the price in dollars, like 12.34.";

/** Dollars as typed, in cents, or an issue: a price is more than $0. */
function dollarsOf(value: string, ctx: z.RefinementCtx) {
  const cents = typedDollarsToCents(value);
  if (cents === undefined || cents === 0) {
    ctx.addIssue({ code: "custom", message: PRICE_NEEDED });
    return z.NEVER;
  }
  return cents;
}

/** Ounces as typed, in hundredths of an ounce; left empty, no weight (null). */
const ouncesSchema = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value.trim() === "") return null;
    const weight = ouncesToHundredths(value);
    if (weight === undefined || weight === 0) {
      ctx.addIssue({ code: "custom", message: "Enter the weight in ounces, like 8.5 (at most 10000)." });
      return z.NEVER;
    }
    return weight;
  });

/** The product form's fields; its photos come beside it (app/.server/admin/photo-upload.ts). */
export const productFormSchema = z.object({
  name: z.string().trim().min(1, "Give the product a name.").max(200, "A name has at most 200 characters."),
  /** A product with options has no Price field (each variant has its own): product-save.ts asks for it otherwise. */
  price: z
    .string()
    .optional()
    .transform((value, ctx) => (value === undefined ? undefined : dollarsOf(value, ctx))),
  scent: z.string().trim().max(200, "A scent has at most 200 characters."),
  description: z.string().trim().max(5000, "A description has at most 5000 characters."),
  category: z.string().trim().min(1, "Choose a category."),
  lowStockAt: wholeNumber("Enter a whole number from 0 up.", 0, MAX_STOCK),
  /** Ounces as typed, in hundredths of an ounce; left empty, the product has no weight (null). */
  weight: ouncesSchema,
  visible: z.literal("on").optional(),
});

export type ProductForm = z.output<typeof productFormSchema>;

/** Add stock: a signed number of units, and why. */
export const addStockSchema = z.object({
  intent: z.literal("add"),
  /** Which of the product's variants; without it, the only variant of a product without options. */
  variant: rowIdSchema.optional(),
  delta: wholeNumber(`Enter a whole number of units, like 12 or -2.`, -MAX_STOCK, MAX_STOCK).refine(
    (delta) => delta !== 0,
    "Enter a number other than 0.",
  ),
  reason: z.string().trim().min(1, "Say why, like “poured 12”.").max(200, "A reason has at most 200 characters."),
});

/** Set stock to: the new count, and the count the page showed (a sale since then wins). */
export const setStockSchema = z.object({
  intent: z.literal("set"),
  variant: rowIdSchema.optional(),
  stock: wholeNumber("Enter a whole number from 0 up.", 0, MAX_STOCK),
  expected: wholeNumber("Reload the page and try again.", 0, MAX_STOCK),
});

/** A variant's row (app/components/admin/variant-rows.tsx): Price, SKU, Weight (oz), Photo, Available. */
export const variantFormSchema = z.object({
  variant: rowIdSchema,
  price: z.string().transform(dollarsOf),
  sku: z
    .string()
    .trim()
    .max(64, "A SKU has at most 64 characters.")
    .transform((sku) => (sku === "" ? null : sku)),
  weight: ouncesSchema,
  /** An index into the product's photos; empty for the first. */
  image: z
    .string()
    .regex(/^\d{0,2}$/, "Choose one of the product's photos.")
    .transform((image) => (image === "" || image === "0" ? null : Number(image))),
  available: z.literal("on").optional(),
});

/** "Set the price of every [12 oz] to [$24]": the value as `{option index}:{value}`, and the price. */
export const valuePriceSchema = z.object({
  value: z
    .string()
    .regex(/^[0-2]:.+$/s, "Choose a value from the list.")
    .transform((choice) => ({ option: Number(choice[0]), value: choice.slice(2) })),
  price: z.string().transform(dollarsOf),
});

/** Either stock form, by its intent. */
export const stockEditSchema = z.discriminatedUnion("intent", [addStockSchema, setStockSchema]);

/** The products list's search: words of the name, or a product number. */
export const productSearchOf = (url: URL) =>
  z
    .string()
    .trim()
    .max(100)
    .catch("")
    .parse(url.searchParams.get("q") ?? "");

/** A category's title: its URL is the title lowercased (SPEC §3), so it holds no URL syntax. */
export const categoryTitleSchema = z
  .string()
  .trim()
  .min(1, "Give the category a title.")
  .max(100, "A title has at most 100 characters.")
  .refine((title) => !/[/?#%\\]/.test(title), "A title cannot hold / ? # % or \\.");

/** The categories screen's forms: which one (any other intent, or none, is an unknown action), and on which category. */
export const categoryActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create"), title: categoryTitleSchema }),
    z.object({ intent: z.literal("rename"), id: rowIdSchema, title: categoryTitleSchema }),
    z.object({ intent: z.enum(["up", "down", "delete", "photo"]), id: rowIdSchema }),
  ],
  { error: "Unknown action." },
);
