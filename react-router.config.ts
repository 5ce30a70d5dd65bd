import type { Config } from "@react-router/dev/config";
import { buildDirectory } from "./scripts/build-folders.ts";

export default {
  ssr: true,
  // A folder of its own under builds/, beside the running build (scripts/build-shop.ts).
  buildDirectory: buildDirectory(),
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    // Loaders get the database through AppLoadContext (server.ts); middleware is not used yet.
    v8_middleware: false,
  },
} satisfies Config;
