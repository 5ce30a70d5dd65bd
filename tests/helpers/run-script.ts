import { spawn } from "node:child_process";
import path from "node:path";
import { compiledScript } from "../../scripts/server-command";
import { type RunAs, spawnedAs } from "./run-as";

export const repoRoot = path.resolve(import.meta.dirname, "../..");
const tsxCli = path.join(repoRoot, "node_modules/tsx/dist/cli.mjs");

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the project's entry points as its own process, as a shop owner
 * would: an owner's command compiled (`compiledScript`: the build the test
 * run starts with), other TypeScript through tsx, JavaScript (the compiled
 * server) on plain node; `as` a umask or another user when told.
 */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
  as: RunAs = {},
): Promise<ScriptResult> {
  const entry = compiledScript(script) ?? script;
  const command = spawnedAs(
    [process.execPath, ...(entry.endsWith(".ts") ? [tsxCli] : []), path.join(repoRoot, entry), ...args],
    as,
  );
  return new Promise((resolve, reject) => {
    const child = spawn(command.file, command.args, {
      ...command.ids,
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
