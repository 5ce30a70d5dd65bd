import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { otherOwner } from "../../scripts/folder-owner";
import { restartInTurn, runningUnits } from "../../scripts/shop-units";

/**
 * A stand-in for systemctl on PATH: two shop units running, each socket on
 * the stand-in shop's port, every call written to a log; `restart` of a unit
 * named in FAIL_RESTART fails as systemd says.
 */
const standIn = (port: number, log: string) => `#!/bin/sh
echo "$*" >> ${log}
case "$1" in
  list-units) printf 'wickshop@3001.service loaded active running Wickshop on port 3001\\nwickshop@3002.service loaded active running Wickshop on port 3002\\n' ;;
  show) echo "127.0.0.1:${port} (Stream)" ;;
  restart) [ "$2" = "$FAIL_RESTART" ] && { echo "Job for $2 failed." >&2; exit 1; } ;;
esac
exit 0
`;

describe("the shop's systemd units", () => {
  let folder: string;
  let shop: http.Server;
  const log = () => fs.readFileSync(path.join(folder, "calls"), "utf8").trim().split("\n");

  beforeEach(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-units-"));
    shop = http.createServer((req, res) => res.writeHead(req.url === "/healthz" ? 200 : 404).end());
    await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
    const script = path.join(folder, "systemctl");
    fs.writeFileSync(script, standIn((shop.address() as AddressInfo).port, path.join(folder, "calls")), {
      mode: 0o755,
    });
    vi.stubEnv("PATH", `${folder}:${process.env.PATH}`);
    vi.spyOn(console, "log").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    shop.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("finds the running units, and restarts each once the one before answers /healthz", async () => {
    const units = runningUnits();
    expect(units).toEqual(["wickshop@3001.service", "wickshop@3002.service"]);
    await restartInTurn(units);
    expect(log().slice(1)).toEqual([
      "restart wickshop@3001.service",
      "show --property=Listen --value wickshop@3001.socket",
      "restart wickshop@3002.service",
      "show --property=Listen --value wickshop@3002.socket",
    ]);
  });

  it("stops at a unit that fails to restart, naming it and systemd's reason", async () => {
    vi.stubEnv("FAIL_RESTART", "wickshop@3001.service");
    await expect(restartInTurn(runningUnits())).rejects.toThrow(
      "systemctl restart wickshop@3001.service failed: Job for wickshop@3001.service failed.",
    );
    expect(log()).not.toContain("restart wickshop@3002.service");
  });

  it.runIf(process.getuid?.() === 0)(
    "names, to root, the user who owns the folder: the one the update's steps run as",
    () => {
      expect(otherOwner(folder)).toBeUndefined();
      fs.chownSync(folder, 65534, 65534);
      expect(otherOwner(folder)).toMatchObject({ uid: 65534, gid: 65534 });
    },
  );
});
