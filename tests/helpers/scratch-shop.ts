import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { recordInstall } from "../../scripts/installed-dependencies";
import { repoRoot } from "./run-script";

export interface ScratchShop {
  root: string;
  /** Edits one file and commits it, as a new version of the shop pulled into the checkout. */
  commit: (file: string, edit: (text: string) => string) => void;
  /** `npm run <script> [-- args]` in the copy, to its end: exit code and output. */
  npmRun: (script: string, args: string[], env?: Record<string, string>) => Promise<{ code: number; output: string }>;
  remove: () => void;
}

const git = (root: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args], { cwd: root });

/**
 * A checkout of this working tree (its committed and new files) in a
 * temporary folder, committed as a repository of its own, without a build.
 * Its node_modules is this project's, hard-linked (`cp -al`): installed from
 * the same package-lock.json, which the copy records, so `npm run update`
 * skips npm ci there.
 */
export function scratchShop(): ScratchShop {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-scratch-"));
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  for (const file of files.split("\0").filter((name) => name && fs.existsSync(path.join(repoRoot, name)))) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, file), path.join(root, file));
  }
  execFileSync("cp", ["-al", path.join(repoRoot, "node_modules"), path.join(root, "node_modules")]);
  recordInstall(root);
  git(root, "init", "--quiet");
  git(root, "add", "--all");
  git(root, "commit", "--quiet", "--message", "The running version");
  return {
    root,
    commit: (file, edit) => {
      const target = path.join(root, file);
      fs.writeFileSync(target, edit(fs.readFileSync(target, "utf8")));
      git(root, "commit", "--quiet", "--all", "--message", `A new version of ${file}`);
    },
    npmRun: (script, args, env = {}) =>
      new Promise((resolve, reject) => {
        const child = spawn("npm", ["run", script, ...(args.length ? ["--", ...args] : [])], {
          cwd: root,
          env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("error", reject);
        child.on("exit", (code) => resolve({ code: code ?? -1, output }));
      }),
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}
