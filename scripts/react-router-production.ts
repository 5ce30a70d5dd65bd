import path from "node:path";
import type { Plugin } from "vite";

const DEVELOPMENT = `${path.sep}dist${path.sep}development${path.sep}`;
const PRODUCTION = `${path.sep}dist${path.sep}production${path.sep}`;

/**
 * React Router's package points every import at its development build, whose
 * only difference from the production build beside it is that it warns the
 * developer in the console (its ENABLE_DEV_WARNINGS). The browser build takes
 * the production one: a shopper's browser runs no warnings meant for us, and
 * every page's JavaScript is about half a kilobyte smaller compressed. Both
 * entry points resolve there, so the browser still loads one copy. The
 * server keeps the package as it is.
 */
export function reactRouterProductionBuild(): Plugin {
  return {
    name: "wickshop:react-router-production-build",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      if (source !== "react-router" && source !== "react-router/dom") return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.includes(DEVELOPMENT)) return resolved;
      return { ...resolved, id: resolved.id.replace(DEVELOPMENT, PRODUCTION) };
    },
  };
}
