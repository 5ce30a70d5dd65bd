import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    // Loaders get the database through AppLoadContext (server.ts); middleware is not used yet.
    v8_middleware: false,
  },
} satisfies Config;
