import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { CURRENT_BUILD, currentBuild, previousBuild, switchBuild } from "./build-folders";
import { makeBuild, publishBuild } from "./build-shop";
import { otherOwner } from "./folder-owner";
import { installedFromLockfile, recordInstall } from "./installed-dependencies";
import { restartInTurn, runningUnits } from "./shop-units";

const USAGE = `Usage: npm run update [-- --no-restart]   install, build, migrate, restart
       npm run update -- --back           the build before this one, restarted`;

/** What root runs as the folder's owner: the steps before the restart, and nothing else. */
const PREPARE_ONLY = "--prepare";

const root = path.resolve(import.meta.dirname, "..");
const shown = (folder: string | undefined) => (folder ? path.relative(root, folder) : "none");

/** Runs one step's command in the project folder, its output shown; a failure stops the update. */
function run(step: string, command: string, args: string[], options: Parameters<typeof spawnSync>[2] = {}) {
  console.log(`\n▸ ${step}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.status !== 0) throw new Error(`${step} failed (exit ${result.status ?? result.signal ?? result.error})`);
}

/**
 * The new version made ready beside the running one: dependencies (skipped
 * when package-lock.json is what node_modules was installed from), a build
 * in a folder of its own, the database migrated, and only then `build`
 * switched to it. A failing step leaves `build` where it was.
 */
function prepare() {
  if (installedFromLockfile(root)) console.log("▸ Dependencies: package-lock.json unchanged since the last npm ci");
  else {
    run("Install the dependencies (npm ci)", "npm", ["ci"]);
    recordInstall(root);
  }
  console.log("\n▸ Build");
  const folder = makeBuild(root, { quiet: false });
  try {
    run("Migrate the database", process.execPath, ["--import", "tsx", "scripts/db-migrate.ts"]);
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  publishBuild(root, folder);
  console.log(`\n${CURRENT_BUILD} → ${shown(folder)}`);
}

/** As root in a folder another user owns (docs/running-a-shop.md's setup), the preparing steps run as that user. */
function prepareAsOwner() {
  const owner = otherOwner(root);
  if (!owner) return prepare();
  const env = { ...process.env, HOME: owner.home, USER: owner.name, LOGNAME: owner.name };
  run(`Prepare as ${owner.name}`, process.execPath, ["--import", "tsx", "scripts/update.ts", PREPARE_ONLY], {
    uid: owner.uid,
    gid: owner.gid,
    env,
  });
}

function goBack() {
  const previous = previousBuild(root);
  if (!previous) throw new Error(`no build before ${shown(currentBuild(root))} is kept in builds/`);
  switchBuild(root, previous);
  console.log(`${CURRENT_BUILD} → ${shown(previous)}`);
}

async function restart() {
  const units = runningUnits();
  if (units.length === 0) {
    console.log(
      "No wickshop unit runs under systemd here: restart the shop's process (npm start, pm2 restart wickshop, …) to serve the new version.",
    );
    return;
  }
  await restartInTurn(units);
}

async function update(args: Set<string>) {
  if (args.has(PREPARE_ONLY)) return prepare();
  if (args.has("--back")) goBack();
  else prepareAsOwner();
  if (args.has("--no-restart")) {
    console.log("Not restarted (--no-restart): a running shop serves the version it started with until it restarts.");
  } else await restart();
  console.log("Updated.");
}

const args = new Set(process.argv.slice(2));
if ([...args].some((arg) => !["--no-restart", "--back", PREPARE_ONLY].includes(arg))) {
  console.error(USAGE);
  process.exit(2);
}
const before = currentBuild(root);
try {
  await update(args);
} catch (error) {
  const reason = (error instanceof Error ? error.message : String(error)).replace(/\.$/, "");
  const now = currentBuild(root);
  console.error(
    `\nUpdate stopped: ${reason}.\n` +
      (now === before
        ? `The running shop is untouched: ${CURRENT_BUILD} still points at ${shown(before)}.`
        : `${CURRENT_BUILD} now points at ${shown(now)} (it was ${shown(before)}); the processes not restarted run the version they started with.`),
  );
  process.exitCode = 1;
}
