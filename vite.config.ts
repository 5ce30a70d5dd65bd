import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { imagesVersion } from "./server/images-version.ts";
import { compileServer } from "./scripts/compile-server.ts";
import { minifyAgain } from "./scripts/minify-again.ts";
import { precompressAssets } from "./scripts/precompress-assets.ts";
import { reactRouterProductionBuild } from "./scripts/react-router-production.ts";

export default defineConfig({
  plugins: [reactRouterProductionBuild(), reactRouter(), minifyAgain(), precompressAssets(), compileServer()],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
  // Pages name the shop's own images with their version, so browsers keep them for good (app/lib/images.ts).
  define: { __IMAGES_VERSION__: JSON.stringify(imagesVersion(path.join(import.meta.dirname, "public/images"))) },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Every page loads React, React Router and the layout; the browsing pages also share their photos,
            // Add to Cart and their titles. All of it in one file: it compresses better than the small chunks the
            // bundler would cut, and each file a page asks for costs a slow link a round trip (a browser opens six
            // connections to a shop, and a browsing page asks for its photo and its route's own module too).
            // With the browser's entry in it, the file is the entry itself and holds the bundler's own helpers
            // too, which would otherwise be two more files of a few hundred bytes. React Router's module script
            // then runs the entry as it imports the layout, before it sets the route modules and the manifest on
            // window, in the same task: hydrateRoot only schedules the render, which reads them.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](?:react|react-dom|react-router|scheduler)[\\/]|app[\\/](?:root\.tsx|components[\\/](?:responsive-image|add-to-cart-button)\.tsx|lib[\\/]meta\.ts)$|entry\.client\.tsx$/,
                },
                // A category's and the shop's lists: their products and pages, in one file beside the route's own.
                { name: "product-list", test: /app[\\/]components[\\/](?:product-grid|product-card|pagination)\.tsx$/ },
              ],
            },
          },
        },
      },
    },
  },
});
