import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runScript } from "./run-script";

export interface TestItem {
  id: number;
  name?: string;
  price?: number | string;
  stock?: number;
  /** Ounces; left out, the file gives no weight. */
  weight?: number | string;
  images?: string[];
  /** Sizes and scents (DESIGN.md): left out, the item is one variant. */
  options?: { name: string; values: string[] }[];
  variants?: TestVariant[];
}

export interface TestVariant {
  id: number;
  options: string[];
  price: number | string;
  stock: number;
  sku?: string;
  weight?: number;
  image?: number;
}

/** A catalog file in the import shape, with defaults for what a test does not care about. */
export function catalogFile(categories: Record<string, TestItem[]>) {
  return Object.entries(categories).map(([title, items]) => ({
    title,
    route: `shop/${title.toLowerCase()}`,
    imageUrl: `/images/categories/${title.toLowerCase()}-800.webp`,
    items: items.map((item) => ({
      name: `Candle ${item.id}`,
      price: 10,
      stock: 5,
      images: [`/images/products/candle-${item.id}-800.webp`],
      scent: "Vanilla",
      description: `Candle number ${item.id}.`,
      itemCategoy: title,
      ...item,
    })),
  }));
}

/** Writes a catalog (or any JSON) to a temporary file and returns its path. */
export function writeJsonFile(content: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-catalog-"));
  const file = path.join(dir, "catalog.json");
  fs.writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

/** `npm run catalog:import -- FILE [options]` with the environment `env`, FILE holding `content`. */
export const runCatalogImport = (env: Record<string, string | undefined>, content: unknown, ...options: string[]) =>
  runScript("scripts/catalog-import.ts", [writeJsonFile(content), ...options], env);
