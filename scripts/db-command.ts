import { type Config, loadConfig } from "~/.server/config";
import { type BackupSummary, describeBackup } from "~/.server/db/backup";

type Done = { summary: BackupSummary; say: (described: string) => string };

/**
 * What db:backup and db:restore share: one FILE argument, the environment
 * (.env, DATA_DIR, DATABASE_URL) as the shop reads it, SQLite or PostgreSQL,
 * and an exit code that says whether it worked.
 */
export async function runDatabaseFileCommand(command: {
  usage: string;
  /** Said before the reason when nothing was done. */
  failed: string;
  sqlite: (config: Config, file: string) => Promise<Done>;
  postgres: (databaseUrl: string, file: string) => Promise<Done>;
}) {
  const args = process.argv.slice(2);
  try {
    if (args.length !== 1 || args[0]!.startsWith("--")) {
      console.error(command.usage);
      return 1;
    }
    try {
      process.loadEnvFile(".env");
    } catch {
      // No .env file: the environment alone says where the data lives.
    }
    const config = loadConfig();
    const { summary, say } = config.databaseUrl
      ? await command.postgres(config.databaseUrl, args[0]!)
      : await command.sqlite(config, args[0]!);
    console.log(say(describeBackup(summary)));
    return 0;
  } catch (error) {
    // BackupError and ConfigError say what to do; anything else (a full disk, a locked file) says what went wrong.
    console.error(`${command.failed}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
