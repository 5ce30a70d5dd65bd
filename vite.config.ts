import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { compileServer } from "./scripts/compile-server.ts";
import { precompressAssets } from "./scripts/precompress-assets.ts";

export default defineConfig({
  plugins: [reactRouter(), precompressAssets(), compileServer()],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
});
