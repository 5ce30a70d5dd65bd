import { type Config, loadConfig } from "~/.server/config";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "~/.server/db";

/**
 * Runs a command-line tool against the shop's own database, as the running
 * shop would find it (.env, DATA_DIR, DATABASE_URL), migrated; safe while the
 * shop runs. A failure (a bad setting, the database down) is one line and
 * exit code 1.
 */
export async function withShopDatabase(
  work: (database: DatabaseHandle, config: Config) => Promise<number>,
): Promise<number> {
  try {
    process.loadEnvFile(".env");
  } catch {
    // No .env file: the environment alone says where the data lives.
  }
  try {
    const config = loadConfig();
    const database = openDatabase(config);
    try {
      await migrateToLatest(database.db);
      return await work(database, config);
    } finally {
      await database.db.destroy();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
