import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "builds/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    rules: {
      "no-console": ["error", { allow: ["error"] }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Command-line entry points talk to a person on the terminal.
    files: ["server.ts", "server/process.ts", "scripts/**/*.ts", "bench/**/*.ts", "tests/**/*.ts", "e2e/**/*.ts"],
    rules: { "no-console": "off" },
  },
  {
    // The bench's probe is preloaded into the compiled server as plain JavaScript, on Node.
    files: ["bench/**/*.js"],
    languageOptions: { globals: { process: "readonly", setInterval: "readonly" } },
  },
);
