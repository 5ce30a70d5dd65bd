import fs from "node:fs/promises";
import { parseSettingsFile } from "~/.server/settings/settings-file";
import { saveImportedWords } from "~/.server/settings/shop-settings";
import { withShopDatabase } from "./shop-database";

const USAGE = "Usage: npm run settings:import -- FILE";

/**
 * npm run settings:import -- FILE: the words of a file settings:export wrote,
 * checked whole first: one bad entry changes nothing and is named. What the
 * file holds is saved as the owner's forms save it, in the activity log; what
 * it leaves out stays as it is. Safe while the shop runs: every process reads
 * the new words at its next request.
 */
process.exitCode = await withShopDatabase(async ({ db }, config) => {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith("--")) {
    console.error(USAGE);
    return 1;
  }
  let file;
  try {
    file = parseSettingsFile(await fs.readFile(args[0]!, "utf8"));
  } catch (error) {
    console.error(`Nothing was imported: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const outcome = await saveImportedWords(
    db,
    { ...file.settings, ...file.pages },
    { actor: { id: "settings:import", displayName: "npm run settings:import" }, now: Date.now(), config },
  );
  console.log(
    outcome.kind === "saved"
      ? `Imported ${outcome.changed.length} ${outcome.changed.length === 1 ? "setting" : "settings"}: ${outcome.changed.join(", ")}.`
      : "Nothing changed: the shop has these words already.",
  );
  return 0;
});
