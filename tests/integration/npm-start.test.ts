import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { COMPILED_SERVER, SERVER_ENV, SERVER_NODE_FLAGS } from "../../scripts/server-command";
import { repoRoot } from "../helpers/run-script";
import { testEngine } from "../helpers/test-database";

/** A file under /proc, or undefined once its process has ended. */
function readProc(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** Every process whose parent chain leads to `pid`, with `pid` itself: its id and command line. */
function processTree(pid: number): { pid: number; command: string }[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProc(`/proc/${entry}/stat`);
    if (stat) parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
  }
  const tree = [pid];
  for (let index = 0; index < tree.length; index++) {
    for (const [child, parent] of parents) if (parent === tree[index]) tree.push(child);
  }
  return tree.map((id) => ({ pid: id, command: (readProc(`/proc/${id}/cmdline`) ?? "").split("\0").join(" ").trim() }));
}

describe.runIf(testEngine === "sqlite")("npm start", () => {
  let stop: (() => Promise<unknown>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it("serves the shop from compiled JavaScript on plain node: no tsx and no esbuild in its process tree", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-npm-start-"));
    const npm = spawn("npm", ["start"], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        HOST: "127.0.0.1",
        PORT: "0",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => npm.on("exit", (code) => resolve(code)));
    stop = async () => {
      npm.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    let output = "";
    npm.stderr.on("data", (chunk) => (output += chunk));
    const url = await new Promise<string>((resolve, reject) => {
      npm.stdout.on("data", (chunk) => {
        output += chunk;
        const match = /Wickshop is open at (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      void exited.then((code) => reject(new Error(`npm start ended with ${code}:\n${output}`)));
    });

    const home = await fetch(url);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Wickshop");

    const tree = processTree(npm.pid!);
    const commands = tree.map((process) => process.command);
    // npm start runs the server with the heap flags the tests and the bench use (scripts/server-command.ts).
    expect(commands).toContainEqual(`node ${[...SERVER_NODE_FLAGS, COMPILED_SERVER].join(" ")}`);
    const server = tree.find((process) => process.command.endsWith(COMPILED_SERVER))!;
    const environment = (readProc(`/proc/${server.pid}/environ`) ?? "").split("\0");
    for (const [name, value] of Object.entries(SERVER_ENV)) expect(environment).toContain(`${name}=${value}`);
    expect(commands.filter((command) => /tsx|esbuild/.test(command))).toEqual([]);

    npm.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(tree.filter((process) => fs.existsSync(`/proc/${process.pid}`))).toEqual([]);
  });
});
