import fs from "node:fs/promises";
import { savedShopWords } from "~/.server/settings/shop-settings";
import { SETTINGS_FILE_FORMAT } from "~/.server/settings/settings-file";
import { withShopDatabase } from "./shop-database";

const USAGE = "Usage: npm run settings:export -- [FILE]   (without FILE, the JSON goes to standard output)";

/**
 * npm run settings:export: the shop's own words (settings and pages, as the
 * owner saved them) as JSON, to move the shop or rebuild it with them.
 */
process.exitCode = await withShopDatabase(async ({ db }) => {
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith("--")) {
    console.error(USAGE);
    return 1;
  }
  const text = `${JSON.stringify({ format: SETTINGS_FILE_FORMAT, version: 1, ...(await savedShopWords(db)) }, null, 2)}\n`;
  if (args[0]) {
    await fs.writeFile(args[0], text);
    console.error(`Wrote the shop's settings and pages to ${args[0]}.`);
  } else process.stdout.write(text);
  return 0;
});
