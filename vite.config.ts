import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/precompress-assets";

export default defineConfig({
  plugins: [reactRouter(), precompressAssets()],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
});
