import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { imagesVersion } from "./server/images-version.ts";
import { compileServer } from "./scripts/compile-server.ts";
import { precompressAssets } from "./scripts/precompress-assets.ts";

export default defineConfig({
  plugins: [reactRouter(), precompressAssets(), compileServer()],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
  // Pages name the shop's own images with their version, so browsers keep them for good (app/lib/images.ts).
  define: { __IMAGES_VERSION__: JSON.stringify(imagesVersion(path.join(import.meta.dirname, "public/images"))) },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Every page loads React, React Router and the layout. One file each
            // compresses better than the many small shared chunks the bundler
            // would cut them into: 2.8 KiB less on every browsing page.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](?:react|react-dom|react-router|scheduler)[\\/]/,
                  priority: 2,
                },
                // The root route and everything it imports: the nav, the cart store, the footer.
                { name: "layout", test: /app[\\/]root\.tsx$/, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
