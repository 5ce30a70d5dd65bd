// First: the production builds of React and Express load only if NODE_ENV says so before they do.
import "./server/node-env";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createAuth, loadAuthSecret } from "~/.server/accounts/auth";
import { recordEnvironment } from "~/.server/admin/setup-facts";
import { recordShopAddress } from "~/.server/admin/shop-address";
import { seedDemoCatalog } from "~/.server/catalog/demo";
import { openCatalogVersionReader } from "~/.server/catalog/version";
import { openPricingSetup } from "~/.server/pricing/setup";
import { openShopSettings } from "~/.server/settings/shop-settings";
import type { Config } from "~/.server/config";
import { migrateToLatest, openDatabase } from "~/.server/db";
import { startJobs } from "~/.server/jobs";
import { createLogger } from "~/.server/logger";
import { createMailTransport } from "~/.server/mail/transports";
import { createOrderAccess } from "~/.server/orders/access";
import { paymentProviders } from "~/.server/orders/payments/providers";
import { loadBuild } from "./server/build";
import { createExpressApp } from "./server/express-app";
import { listen } from "./server/http-server";
import { projectFolder } from "./server/project-folder";
import { clientAddressOf } from "./server/client-address";
import { createPageCache } from "./server/page-cache";
import { runShop } from "./server/process";

const root = projectFolder(path.dirname(fileURLToPath(import.meta.url)));

/** The shop's parts, wired: the domain in app/.server, the HTTP process in server/. */
export async function startServer(config: Config) {
  const logger = createLogger(config);
  const database = openDatabase({
    ...config,
    onConnectionLost: (error) =>
      logger.warn({ error: error.message }, "Lost a database connection; the next query opens a new one"),
  });
  const { db } = database;
  await migrateToLatest(db);
  // What `npm run check-setup` reports: this process's environment, the one the service gives it.
  await recordEnvironment(db, config, Date.now());
  if (await seedDemoCatalog(db, path.join(root, "seed/catalog.json")))
    logger.info("Loaded the demo catalog into the empty database");
  const { build, assets, close: closeBuild } = await loadBuild(root, config.mode, logger);
  // Stripe's SDK (4 MB resident) loads only for a shop that takes payments through it.
  const stripe =
    config.stripe && (await import("~/.server/orders/payments/stripe")).createStripeProvider(config.stripe);
  const payments = paymentProviders(stripe);
  const secret = await loadAuthSecret(db);
  const auth = createAuth({ db, engine: database.engine, config, secret });
  const jobs = startJobs({
    db,
    logger,
    payments,
    shopEmail: config.shopEmail,
    longestRateLimitWindowMs: config.longestRateLimitWindowMs,
    mail: { transport: createMailTransport(config), policy: config.mailRetry, keepDays: config.outboxKeepDays },
    digest: { timeZone: config.timeZone, publicUrl: config.publicUrl },
    backups: {
      ...config.backups,
      source: database.sqliteFile ? { sqliteFile: database.sqliteFile } : { databaseUrl: config.databaseUrl! },
      root,
      timeZone: config.timeZone,
    },
    alerts: { alertEmail: config.alertEmail, publicUrl: config.publicUrl, dataDir: config.dataDir },
  });

  // Pages change under the dev server without the catalog changing: it renders every time.
  const versionReader = config.mode === "development" ? undefined : openCatalogVersionReader(database);
  const clientOf = clientAddressOf(config.trustProxy);
  const pageCache = versionReader && createPageCache({ readVersion: versionReader.read, logger, clientOf });
  const pricing = openPricingSetup(database);
  const settings = openShopSettings(database);
  const services = { db, config, logger, payments, auth, orderAccess: createOrderAccess(secret) };
  const app = createExpressApp({ config, build, assets, pageCache, clientOf, services });
  const server = await listen({ config, logger, app, pageCache });
  await recordShopAddress(db, config.givenPublicUrl ?? server.url);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await server.stop();
      await jobs.stop();
      await closeBuild();
      versionReader?.close();
      pricing.close();
      settings.close();
      await db.destroy();
    })());
  return { url: server.url, database, logger, close };
}

export const main = () => runShop(root, startServer);

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
