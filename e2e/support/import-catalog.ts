import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { runScript } from "../../tests/helpers/run-script";

/** Changes the running shop's catalog the way its owner would: with the import command. */
export async function importCatalog(catalog: unknown) {
  const file = path.join(process.env.E2E_DATA_DIR!, `catalog-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(catalog));
  const result = await runScript("scripts/catalog-import.ts", [file], { DATA_DIR: process.env.E2E_DATA_DIR });
  expect(result.stderr).toBe("");
}
