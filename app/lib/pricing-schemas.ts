import { typedDollarsToCents } from "./money-input";
import { rowIdSchema } from "./row-id";
import { percentToMillionths } from "./tax-rate";
import { US_STATES, ZONE_PRESETS } from "./us-states";
import { ouncesToHundredths } from "./weight";
import { z } from "./zod";

/** The owner's shipping and tax forms (DESIGN.md, "Shipping, tax and discount codes"), checked on the server. */

const stateCodes = US_STATES.map((state) => state.code) as [string, ...string[]];

export const RATE_CONDITIONS = [
  { value: "always", label: "Always" },
  { value: "subtotal", label: "Order subtotal" },
  { value: "weight", label: "Order weight" },
] as const;

const zoneFields = {
  name: z.string().trim().min(1, "Give the zone a name.").max(100, "A zone name has at most 100 characters."),
  states: z.array(z.enum(stateCodes, { error: "Choose states from the list." })).min(1, "Choose at least one state."),
};

/** An optional bound: empty, or a number in the condition's unit; `undefined` in the result means "not a number". */
function boundOf(text: string, condition: "subtotal" | "weight"): number | null | undefined {
  if (text.trim() === "") return null;
  return condition === "subtotal" ? typedDollarsToCents(text) : ouncesToHundredths(text.trim());
}

const BOUND_MESSAGES = {
  subtotal: "Enter dollars, like 75, or leave it empty.",
  weight: "Enter ounces, like 16, or leave it empty.",
} as const;

const rateFields = z.object({
  zoneId: rowIdSchema,
  name: z.string().trim().min(1, "Give the rate a name.").max(100, "A rate name has at most 100 characters."),
  price: z.string().transform((value, ctx) => {
    const cents = typedDollarsToCents(value);
    if (cents === undefined) {
      ctx.addIssue({ code: "custom", message: "Enter the price in dollars, like 6.95 (0 for free)." });
      return z.NEVER;
    }
    return cents;
  }),
  estimate: z.string().trim().max(100, "An estimate has at most 100 characters."),
  condition: z.enum(["always", "subtotal", "weight"], { error: "Choose a condition." }),
  from: z.string().default(""),
  to: z.string().default(""),
});

/** A rate: its price in cents and its condition's bounds in cents (subtotal) or hundredths of an ounce (weight). */
export const rateSchema = rateFields.transform((form, ctx) => {
  const { from: fromText, to: toText, estimate, ...rate } = form;
  const base = { ...rate, estimate: estimate === "" ? null : estimate };
  if (rate.condition === "always") {
    if (fromText.trim() !== "" || toText.trim() !== "") {
      ctx.addIssue({ code: "custom", path: ["from"], message: "Always has no range: leave From and To empty." });
      return z.NEVER;
    }
    return { ...base, from: null, to: null };
  }
  const from = boundOf(fromText, rate.condition);
  const to = boundOf(toText, rate.condition);
  if (from === undefined) ctx.addIssue({ code: "custom", path: ["from"], message: BOUND_MESSAGES[rate.condition] });
  if (to === undefined || to === 0)
    ctx.addIssue({
      code: "custom",
      path: ["to"],
      message: to === 0 ? "To must be above 0." : BOUND_MESSAGES[rate.condition],
    });
  if (from === undefined || to === undefined || to === 0) return z.NEVER;
  if (from !== null && to !== null && from >= to) {
    ctx.addIssue({ code: "custom", path: ["from"], message: "From must be below To." });
    return z.NEVER;
  }
  return { ...base, from, to };
});

export type RateForm = z.output<typeof rateSchema>;

/** Add Contiguous US, Add Alaska and Hawaii, Add US territories: the preset by its name. */
export const presetZoneSchema = z.object({
  preset: z.enum(ZONE_PRESETS.map((preset) => preset.name) as [string, ...string[]], {
    error: "Choose one of the usual zones.",
  }),
});

/** New zone: its name and its states' codes (a checkbox each). */
export const zoneSchema = z.object(zoneFields);

/** Delete a zone or a rate: its number. */
export const deleteSchema = z.object({ id: rowIdSchema });

/** Add state (or change it, when it is a tax state already): its rate in millionths. */
export const taxStateSchema = z.object({
  state: z.enum(stateCodes, { error: "Choose a state." }),
  rate: z.string().transform((value, ctx) => {
    const millionths = percentToMillionths(value);
    if (millionths === undefined) {
      ctx.addIssue({ code: "custom", message: "Enter a rate from 0 to 20 %, with at most four decimals, like 6.25." });
      return z.NEVER;
    }
    return millionths;
  }),
  taxShipping: z.literal("on").optional(),
});

/** Remove a tax state. */
export const taxStateRemoveSchema = z.object({ state: z.enum(stateCodes, { error: "Choose a state." }) });
