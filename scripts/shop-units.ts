import { spawnSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

const READY_WITHIN_MS = 60_000;

const systemctl = (...args: string[]) => spawnSync("systemctl", args, { encoding: "utf8" });

/**
 * The shop's systemd units running now: `wickshop.service`, or the processes
 * of docs/running-a-shop.md's "Two processes" (`wickshop@3001.service`, …). None where
 * systemd does not run the shop.
 */
export function runningUnits(): string[] {
  const listed = systemctl(
    "list-units",
    "--type=service",
    "--state=active",
    "--plain",
    "--no-legend",
    "wickshop.service",
    "wickshop@*.service",
  );
  if (listed.error || listed.status !== 0) return [];
  return listed.stdout
    .split("\n")
    .map((line) => line.trim().split(/\s+/)[0]!)
    .filter(Boolean);
}

/**
 * Restarts each unit, and waits until it answers /healthz (its database
 * included) on its socket's address before the next: one process serves
 * while the other restarts. A unit that does not come back stops here, so
 * the others go on running the version they ran.
 */
export async function restartInTurn(units: string[]) {
  for (const unit of units) {
    console.log(`Restarting ${unit}…`);
    const restart = systemctl("restart", unit);
    if (restart.status !== 0) {
      throw new Error(`systemctl restart ${unit} failed: ${restart.stderr.trim() || restart.error?.message}`);
    }
    await waitUntilHealthy(unit);
  }
}

async function waitUntilHealthy(unit: string) {
  const socket = unit.replace(/\.service$/, ".socket");
  const address = systemctl("show", "--property=Listen", "--value", socket).stdout.trim().split(/\s+/)[0];
  if (!address) return;
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(`http://${address}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (answer.ok) return console.log(`${unit} is up on ${address}.`);
    } catch {
      // Not answering yet: the process is still starting.
    }
    await sleep(500);
  }
  throw new Error(`${unit} did not answer /healthz on ${address} within 60 s (journalctl -u ${unit} says why)`);
}
