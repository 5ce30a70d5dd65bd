import type { Config } from "./config";
import type { Db } from "./db";

/** What every loader and action receives as `context`, set once in server.ts. */
export interface ShopContext {
  db: Db;
  config: Config;
}

declare module "react-router" {
  // Declaration merging needs an interface; the members come from ShopContext.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ShopContext {}
}
