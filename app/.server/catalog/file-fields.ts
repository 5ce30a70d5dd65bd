import { z } from "zod";
import { dollarsToCents } from "~/lib/money-input";
import { ouncesToHundredths } from "~/lib/weight";

/** The catalog file's fields that items and their variants share, with the messages the import names them by. */

export const text = (max: number) =>
  z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);

export const catalogNumber = z
  .number()
  .int("must be a whole number")
  .positive("must be positive")
  .max(2_147_483_647, "is too large");

export const imageUrl = z
  .string()
  .trim()
  .max(2000, "must be at most 2000 characters")
  .refine((value) => (value.startsWith("/") && !value.startsWith("//") ? true : /^https?:\/\/[^\s]+$/.test(value)), {
    message: "must be a path starting with / or an http(s) URL",
  });

export const price = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const cents = dollarsToCents(value);
  if (cents === undefined) {
    ctx.addIssue({ code: "custom", message: "must be an amount of dollars from 0 to 1000000 with at most 2 decimals" });
    return z.NEVER;
  }
  return cents;
});

export const stock = z
  .number()
  .int("must be a whole number")
  .min(0, "must not be negative")
  .max(1_000_000, "is too large");

/** Ounces, in hundredths of an ounce (app/lib/weight.ts). */
export const weight = z.number("must be a number of ounces").transform((value, ctx) => {
  const hundredths = Number.isFinite(value) ? ouncesToHundredths(String(value)) : undefined;
  if (hundredths === undefined || hundredths === 0) {
    ctx.addIssue({ code: "custom", message: "must be ounces above 0 and at most 10000, with at most 2 decimals" });
    return z.NEVER;
  }
  return hundredths;
});
