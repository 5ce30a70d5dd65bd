/** npm run db:backup -- FILE: a consistent copy of the database (SQLite, or pg_dump's), taken while the shop runs. */
import { backupSqlite } from "~/.server/db/backup";
import { backupPostgres } from "~/.server/db/pg-backup";
import { runDatabaseFileCommand } from "./db-command";

process.exitCode = await runDatabaseFileCommand({
  usage: "Usage: npm run db:backup -- FILE",
  failed: "No backup was made",
  sqlite: async (config, file) => ({
    summary: await backupSqlite(config.dataDir, file),
    say: (described) => `Backed up ${config.dataDir} to ${described}.`,
  }),
  postgres: async (databaseUrl, file) => ({
    summary: await backupPostgres(databaseUrl, file),
    say: (described) => `Backed up the database at DATABASE_URL to ${described}.`,
  }),
});
