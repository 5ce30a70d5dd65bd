import fs from "node:fs/promises";
import { CatalogFileError, parseCatalogText } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
import { weightsMissingMessage } from "~/.server/catalog/weight-rule";
import { ConfigError, loadConfig } from "~/.server/config";
import { migrateToLatest, openDatabase } from "~/.server/db";

const USAGE = "Usage: npm run catalog:import -- FILE [--replace]";
/** Files with more products than this print a progress line per batch. */
const PROGRESS_FROM = 1000;

function parseArgs(args: string[]) {
  const replace = args.includes("--replace");
  const rest = args.filter((arg) => arg !== "--replace");
  const unknown = rest.find((arg) => arg.startsWith("--"));
  if (unknown) throw new UsageError(`Unknown option ${unknown}. ${USAGE}`);
  if (rest.length !== 1) throw new UsageError(USAGE);
  return { file: rest[0]!, replace };
}

class UsageError extends Error {}

async function readCatalogFile(file: string) {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return parseCatalogText(text);
}

async function run() {
  try {
    process.loadEnvFile(".env");
  } catch {
    // No .env file: the environment alone says where the data lives.
  }
  const { file, replace } = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const catalog = await readCatalogFile(file);
  const { db, description } = openDatabase(config);
  try {
    await migrateToLatest(db);
    const outcome = await importCatalog(db, catalog, {
      replace,
      onProgress: (done, total) => {
        if (total >= PROGRESS_FROM) process.stderr.write(`Importing products: ${done}/${total}\n`);
      },
    });
    if (outcome.kind !== "imported") {
      const reason = outcome.kind === "clash" ? outcome.message : `${weightsMissingMessage(outcome.products)}.`;
      console.error(`Nothing was imported: ${reason}`);
      process.exitCode = 1;
      return;
    }
    const { summary } = outcome;
    console.log(
      `Imported ${summary.categories} categories and ${summary.products} products into ${description}` +
        (replace ? ` (removed ${summary.removedCategories} categories and ${summary.removedProducts} products).` : "."),
    );
  } finally {
    await db.destroy();
  }
}

try {
  await run();
} catch (error) {
  if (error instanceof CatalogFileError) console.error(`Nothing was imported: ${error.message}`);
  else if (error instanceof UsageError || error instanceof ConfigError) console.error(error.message);
  else console.error(`Nothing was imported: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
