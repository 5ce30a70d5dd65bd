/** npm run db:restore -- FILE: a backup made by db:backup, restored into an empty DATA_DIR. */
import { restoreSqlite } from "~/.server/db/backup";
import { runDatabaseFileCommand } from "./db-command";

process.exitCode = await runDatabaseFileCommand({
  usage: "Usage: npm run db:restore -- FILE",
  failed: "Nothing was restored",
  sqlite: async (config, file) => ({
    summary: await restoreSqlite(file, config.dataDir),
    say: (described) => `Restored ${described}. Start the shop with DATA_DIR=${config.dataDir}.`,
  }),
});
