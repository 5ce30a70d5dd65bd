import path from "node:path";
import { build } from "esbuild";
import type { Plugin } from "vite";
import { buildDirectory } from "./build-folders.ts";
import { COMPILED_SCRIPTS, COMPILED_SERVER } from "./server-command.ts";

/**
 * The compiled entry. Packages stay imports of node_modules, and a module's
 * imports all load before its first line runs, so NODE_ENV is set here and
 * the server (in a chunk of its own) is imported after: React and Express
 * choose their production code when they load (server/node-env.ts).
 */
const entry = `process.env.NODE_ENV ??= "production";
const { main } = await import("./server.ts");
await main();
`;

/** What both compiled entries share: packages stay imports of node_modules, ESM for Node 20. */
const compiled = (root: string) =>
  ({
    outdir: path.join(root, buildDirectory()),
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.join(root, "tsconfig.json"),
    sourcemap: "linked",
    logLevel: "warning",
  }) as const;

/**
 * Compiles `server.ts` and everything it imports from the project (server/,
 * app/.server/) into JavaScript beside the app's build, once the app is
 * built, and the owner's commands (COMPILED_SCRIPTS): the server runs
 * db-backup's in a child process for its automatic backups, and the tests
 * run each. The shop then runs on plain `node`: no TypeScript loader and no
 * esbuild service at run time.
 */
export function compileServer(): Plugin {
  let root = process.cwd();
  return {
    name: "wickshop:compile-server",
    apply: "build",
    configResolved: (config) => void (root = config.root),
    buildApp: {
      order: "post",
      async handler() {
        await build({
          ...compiled(root),
          stdin: { contents: entry, resolveDir: root, sourcefile: "server-entry.ts", loader: "ts" },
          entryNames: path.basename(COMPILED_SERVER, ".js"),
          chunkNames: "compiled/[name]-[hash]",
          splitting: true,
        });
        await build({
          ...compiled(root),
          entryPoints: COMPILED_SCRIPTS.map((name) => path.join(root, `scripts/${name}.ts`)),
          entryNames: "[name]",
        });
      },
    },
  };
}
