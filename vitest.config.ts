import path from "node:path";
import { defineConfig } from "vitest/config";
import { imagesVersion } from "./server/images-version.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  define: { __IMAGES_VERSION__: JSON.stringify(imagesVersion(path.join(import.meta.dirname, "public/images"))) },
  test: {
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
          globalSetup: ["tests/setup/ensure-build.ts", "tests/setup/database-template.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
