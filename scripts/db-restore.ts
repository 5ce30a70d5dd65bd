/**
 * npm run db:restore -- FILE: a backup made by db:backup, restored into
 * DATA_DIR while the shop is stopped, or a pg_dump into DATABASE_URL's empty database.
 */
import { restorePostgres } from "~/.server/db/pg-backup";
import { restoreSqlite } from "~/.server/db/restore";
import { runDatabaseFileCommand } from "./db-command";

process.exitCode = await runDatabaseFileCommand({
  usage: "Usage: npm run db:restore -- FILE",
  failed: "Nothing was restored",
  sqlite: async (config, file) => {
    const { summary, kept } = await restoreSqlite(file, config.dataDir);
    return {
      summary,
      say: (described) =>
        [
          `Restored ${described} into ${config.dataDir}.`,
          kept ? `The database it replaced is kept as ${kept}.` : undefined,
          "Start the shop again.",
        ]
          .filter(Boolean)
          .join("\n"),
    };
  },
  postgres: async (databaseUrl, file) => ({
    summary: await restorePostgres(file, databaseUrl),
    say: (described) => `Restored ${described} into the database at DATABASE_URL. Start the shop on it.`,
  }),
});
