import path from "node:path";
import { defineConfig } from "vitest/config";
import { imagesVersion } from "./server/images-version.ts";
import SlowFirstSequencer from "./tests/setup/slow-first-sequencer.ts";

/**
 * Integration suites whose outcome does not depend on the database engine:
 * what they test happens before the database (headers, assets, the origin
 * check), in the HTML (both checkers), in a mail transport, at Google's
 * stand-in or in the proxy and the process around the shop (Caddy, restarts),
 * or they run both engines themselves (the bench smokes). They run once,
 * on SQLite, in the `integration-any-engine` project; every other integration
 * suite (the `integration` project) runs on SQLite and again on PostgreSQL.
 * A new suite belongs to `integration` unless it is listed here.
 */
export const engineAgnosticSuites = [
  "assets",
  "bench-first-paint-smoke",
  "bench-orders-smoke",
  "bench-own-shop-smoke",
  "bench-variants-smoke",
  "bench-smoke",
  "caddy",
  "caddy-restarts",
  "first-paint-order",
  "google-sign-in",
  "html-structure",
  "mail-emailjs",
  "mail-files",
  "mail-smtp",
  "origin-check",
  "return-to",
  "security-headers",
  "shared-caches",
  "test-mode",
  "updates",
  "w3c-html-checker",
].map((name) => `tests/integration/${name}.test.ts`);

/** What both integration projects share: a fresh build, one migrated database per run, and room for real servers. */
const integration = {
  globalSetup: ["tests/setup/ensure-build.ts", "tests/setup/database-template.ts"],
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  resolve: { tsconfigPaths: true },
  define: { __IMAGES_VERSION__: JSON.stringify(imagesVersion(path.join(import.meta.dirname, "public/images"))) },
  test: {
    // Vitest's default on this 2-core machine is one worker; two use both cores. The suites are bound by
    // processor time: a third worker took as long (docs/development.md, "How long the tests take").
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: engineAgnosticSuites,
          ...integration,
        },
      },
      {
        extends: true,
        test: { name: "integration-any-engine", include: engineAgnosticSuites, ...integration },
      },
    ],
  },
});
