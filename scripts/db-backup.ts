/** npm run db:backup -- FILE: a consistent copy of the SQLite database, taken while the shop runs. */
import { backupSqlite } from "~/.server/db/backup";
import { runDatabaseFileCommand } from "./db-command";

process.exitCode = await runDatabaseFileCommand({
  usage: "Usage: npm run db:backup -- FILE",
  failed: "No backup was made",
  sqlite: async (config, file) => ({
    summary: await backupSqlite(config.dataDir, file),
    say: (described) => `Backed up ${config.dataDir} to ${described}.`,
  }),
});
