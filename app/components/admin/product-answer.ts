import type { StockAnswer } from "./stock-forms";

/** What the product page's variant forms answer, each beside the form that asked. */
export interface VariantAnswer {
  optionsNotice?: string;
  /** A refused Options form: the sentence beside its field, and what the owner typed in each slot. */
  optionsError?: { slot: number; field: "name" | "values"; message: string; names: string[]; values: string[] };
  variantNotice?: { variant: number; message: string };
  variantError?: { variant: number; fields: Record<string, string>; values: Record<string, string> };
  valuePriceNotice?: string;
  valuePriceError?: { fields: Record<string, string>; values: Record<string, string> };
}

/** Every answer of /admin/products/{id}'s action. */
export type ProductAnswer = StockAnswer &
  VariantAnswer & {
    error?: string;
    saveError?: { fields: Record<string, string>; values: Record<string, string> };
    deleteError?: string;
  };
