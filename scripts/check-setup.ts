/**
 * npm run check-setup    the "Before you open" list, one line per item, ✓ or ✗ with what to do;
 *                        exit 1 while a line is red (for a deploy script)
 *
 * The environment lines are what the running shop recorded at its last start (the service's
 * Environment=, not this shell's); where no shop has started, this command's own environment and .env.
 */
import { allDone, checklistLines, printedLine } from "~/.server/admin/setup-checklist";
import { databaseFacts, environmentFacts, fileFacts, recordedEnvironment } from "~/.server/admin/setup-facts";
import { withShopDatabase } from "./shop-database";

process.exitCode = await withShopDatabase(async ({ db }, config) => {
  const now = Date.now();
  const recorded = await recordedEnvironment(db);
  const { dismissed: _, ...facts } = await databaseFacts(db);
  const lines = checklistLines({ ...(recorded ?? environmentFacts(config)), ...fileFacts(config), ...facts }, now);
  console.log(
    recorded
      ? `Before you open, as the shop found its environment at its last start (${new Date(recorded.recordedAt).toISOString()}):`
      : "Before you open: no shop has started on this database yet, so these lines use this command's own environment and .env:",
  );
  for (const line of lines) console.log(printedLine(line));
  const toDo = lines.filter((line) => !line.done).length;
  console.log(allDone(lines) ? "Every line is done." : `${toDo} of ${lines.length} still to do.`);
  return allDone(lines) ? 0 : 1;
});
