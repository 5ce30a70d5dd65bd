import { typedDollarsToCents } from "./money-input";
import { z } from "./zod";

/** The owner's discount form (DESIGN.md, "Shipping, tax and discount codes"), checked on the server. */

export const DISCOUNT_KINDS = [
  { value: "percent", label: "Percent off" },
  { value: "amount", label: "Amount off" },
  { value: "free_shipping", label: "Free shipping" },
] as const;

/** Letters and digits, read in any letter case: the code as stored and looked up is in capitals. */
export const CODE_PATTERN = /^[A-Za-z0-9]{1,32}$/;
export const normalizeCode = (code: string) => code.trim().toUpperCase();

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (text: string) => DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

const optionalDay = (message: string) =>
  z
    .string()
    .default("")
    .transform((text, ctx) => {
      const day = text.trim();
      if (day === "") return null;
      if (!isDay(day)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return day;
    });

const optionalCents = z
  .string()
  .default("")
  .transform((text, ctx) => {
    if (text.trim() === "") return null;
    const cents = typedDollarsToCents(text);
    if (!cents) {
      ctx.addIssue({ code: "custom", message: "Enter dollars above 0, like 50, or leave it empty." });
      return z.NEVER;
    }
    return cents;
  });

const discountFields = z.object({
  code: z
    .string()
    .trim()
    .regex(CODE_PATTERN, "Use letters and digits only, up to 32, like HOLIDAY15.")
    .transform(normalizeCode),
  kind: z.enum(["percent", "amount", "free_shipping"], { error: "Choose a kind." }),
  value: z.string().default(""),
  minimum: optionalCents,
  starts: optionalDay("Enter a date, like 2026-12-01, or leave it empty."),
  ends: optionalDay("Enter a date, like 2026-12-24, or leave it empty."),
  totalUses: z
    .string()
    .default("")
    .transform((text, ctx) => {
      if (text.trim() === "") return null;
      const uses = Number(text.trim());
      if (!/^\d+$/.test(text.trim()) || uses < 1 || uses > 1_000_000_000) {
        ctx.addIssue({ code: "custom", message: "Enter a whole number of uses, 1 or more, or leave it empty." });
        return z.NEVER;
      }
      return uses;
    }),
  oncePerCustomer: z.literal("on").optional(),
  active: z.literal("on").optional(),
});

/** The value of a kind: a whole percent, cents off, or nothing for free shipping. */
function valueOf(kind: "percent" | "amount" | "free_shipping", text: string): number | string {
  const trimmed = text.trim();
  switch (kind) {
    case "percent":
      return /^\d{1,3}$/.test(trimmed) && Number(trimmed) >= 1 && Number(trimmed) <= 100
        ? Number(trimmed)
        : "Enter a whole percent from 1 to 100.";
    case "amount":
      return typedDollarsToCents(trimmed) || "Enter the dollars off, like 10.";
    case "free_shipping":
      return trimmed === "" || trimmed === "0" ? 0 : "Free shipping has no value: leave it empty.";
  }
}

/** A code as the discounts table keeps it, with every refusal beside its field. */
export const discountSchema = discountFields.transform((form, ctx) => {
  const value = valueOf(form.kind, form.value);
  if (typeof value === "string") {
    ctx.addIssue({ code: "custom", path: ["value"], message: value });
    return z.NEVER;
  }
  if (form.starts !== null && form.ends !== null && form.ends < form.starts) {
    ctx.addIssue({ code: "custom", path: ["ends"], message: "Ends must be on or after Starts." });
    return z.NEVER;
  }
  return {
    code: form.code,
    kind: form.kind,
    value,
    minimumSubtotalCents: form.minimum,
    startsOn: form.starts,
    endsOn: form.ends,
    maxUses: form.totalUses,
    oncePerCustomer: form.oncePerCustomer === "on",
    active: form.active === "on",
  };
});

export type DiscountForm = z.output<typeof discountSchema>;
