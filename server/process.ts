import path from "node:path";
import { type Config, ConfigError, loadConfig, mailMode, paymentMode } from "~/.server/config";
import { DatabaseUnusableError } from "~/.server/db/sqlite-file";
import type { Logger } from "~/.server/logger";

/**
 * The exit status when the database cannot be used (sysexits' EX_DATAERR):
 * starting again would fail the same way, so deploy/wickshop.service names it
 * in RestartPreventExitStatus and systemd leaves the shop stopped.
 */
export const DATABASE_UNUSABLE_EXIT = 65;

interface RunningShop {
  url: string;
  database: { description: string };
  logger: Logger;
  close: () => Promise<void>;
}

/**
 * The process around the shop: reads `.env` and the configuration (a bad
 * value, or a database it cannot use, stops start-up with one line), starts the shop, says where it is, and
 * on SIGTERM or SIGINT closes it and exits 0.
 */
export async function runShop(root: string, start: (config: Config) => Promise<RunningShop>) {
  try {
    process.loadEnvFile(path.join(root, ".env"));
  } catch {
    // No .env file: the environment alone configures the shop.
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Cannot start: ${error.message}`);
    process.exit(1);
  }
  let shop: RunningShop;
  try {
    shop = await start(config);
  } catch (error) {
    if (!(error instanceof DatabaseUnusableError)) throw error;
    console.error(`Cannot start: ${error.message}`);
    process.exit(DATABASE_UNUSABLE_EXIT);
  }
  // Printed before the line that says the shop is open: what a watcher of the output waits for.
  if (config.publicUrl.startsWith("https:") && !config.stripe) {
    console.log(
      "Warning: the shop is public (PUBLIC_URL is https) but takes payments through the test gateway: no money is taken. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take real payments.",
    );
  }
  console.log(
    [
      `Wickshop is open at ${shop.url}`,
      `  database: ${shop.database.description}`,
      `  payments: ${paymentMode(config)}`,
      `  email:    ${mailMode(config)}`,
    ].join("\n"),
  );

  const shutDown = (signal: string) => {
    shop.logger.info(`${signal} received, finishing in-flight requests`);
    shop.close().then(
      () => process.exit(0),
      (error: unknown) => {
        shop.logger.error(error, "Shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => shutDown("SIGTERM"));
  process.once("SIGINT", () => shutDown("SIGINT"));
}
