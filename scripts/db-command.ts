import { type Config, loadConfig } from "~/.server/config";
import { type BackupSummary, postgresAdvice } from "~/.server/db/backup";

const describe = ({ file, bytes, orders, paidOrders }: BackupSummary) =>
  `${file} (${(bytes / 1024).toFixed(0)} KB, checked page by page: ${orders} orders, ${paidOrders} of them paid)`;

/**
 * What db:backup and db:restore share: one FILE argument, the environment
 * (.env, DATA_DIR, DATABASE_URL) as the shop reads it, the PostgreSQL advice,
 * and an exit code that says whether it worked.
 */
export async function runDatabaseFileCommand(command: {
  usage: string;
  /** Said before the reason when nothing was done. */
  failed: string;
  sqlite: (config: Config, file: string) => Promise<{ summary: BackupSummary; say: (described: string) => string }>;
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
    if (config.databaseUrl) {
      console.error(postgresAdvice);
      return 1;
    }
    const { summary, say } = await command.sqlite(config, args[0]!);
    console.log(say(describe(summary)));
    return 0;
  } catch (error) {
    // BackupError and ConfigError say what to do; anything else (a full disk, a locked file) says what went wrong.
    console.error(`${command.failed}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
