import fs from "node:fs";
import type { Plugin } from "vite";

const DEVELOPMENT = "/dist/development/";
const PRODUCTION = "/dist/production/";

/**
 * React Router's package points every import at its development build. The
 * production build beside it differs only in its flag for a developer's
 * warnings (ENABLE_DEV_WARNINGS): console warnings, and a note added to the
 * router's own fallback screens (its default HydrateFallback and error
 * boundary), which the shop never shows: its root has an ErrorBoundary of
 * its own, and no route loads in the browser. The browser build takes the
 * production one: a shopper's browser runs no warnings meant for us, and
 * every page's JavaScript is half a kilobyte smaller compressed. Both entry
 * points resolve there, so the browser still loads one copy. The server
 * keeps the package as it is.
 */
export function reactRouterProductionBuild(): Plugin {
  return {
    name: "wickshop:react-router-production-build",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId: {
      filter: { id: /^react-router(?:\/dom)?$/ },
      async handler(source, importer, options) {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (!resolved?.id.includes(DEVELOPMENT)) return resolved;
        const id = resolved.id.replace(DEVELOPMENT, PRODUCTION);
        if (!fs.existsSync(id)) throw new Error(`React Router's production build is not at ${id}`);
        return { ...resolved, id };
      },
    },
  };
}
