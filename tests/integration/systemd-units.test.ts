import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DATABASE_UNUSABLE_EXIT } from "../../server/process";
import { requiredProgram } from "../helpers/missing-program";
import { repoRoot } from "../helpers/run-script";

const analyze = requiredProgram("systemd-analyze", "systemd", ["--version"]);

/**
 * The units docs/running-a-shop.md's "Putting it online" copies to /etc/systemd/system,
 * read by systemd's own parser: a misspelt directive, a bad signal name or a
 * missing program is a warning systemd would only print on the VPS, and the
 * shop would start without it.
 */
describe.skipIf(analyze.missing)(analyze.title("deploy/'s systemd units, as systemd reads them"), () => {
  /** Copies `units` from deploy/ under the names systemd would load them by, and verifies them together. */
  function verify(units: Record<string, string>) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-units-"));
    try {
      for (const [name, source] of Object.entries(units))
        fs.copyFileSync(path.join(repoRoot, "deploy", source), path.join(dir, name));
      return spawnSync("systemd-analyze", ["verify", "--man=no", ...Object.keys(units).map((name) => `./${name}`)], {
        cwd: dir,
        encoding: "utf8",
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it("parses wickshop.socket and wickshop.service without a warning", () => {
    const result = verify({ "wickshop.socket": "wickshop.socket", "wickshop.service": "wickshop.service" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("parses the two-process template units, as wickshop@3001 and wickshop@3002", () => {
    const result = verify({
      "wickshop@3001.socket": "wickshop@.socket",
      "wickshop@3001.service": "wickshop@.service",
      "wickshop@3002.socket": "wickshop@.socket",
      "wickshop@3002.service": "wickshop@.service",
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });
});

describe("deploy/'s service units and a database that cannot be used", () => {
  it.each(["wickshop.service", "wickshop@.service"])(
    "%s does not restart on the exit status that says so, and gives up on a loop",
    (unit) => {
      const text = fs.readFileSync(path.join(repoRoot, "deploy", unit), "utf8");
      expect(text).toMatch(new RegExp(`^RestartPreventExitStatus=${DATABASE_UNUSABLE_EXIT}$`, "m"));
      expect(text).toMatch(/^StartLimitIntervalSec=\d+$/m);
      expect(text).toMatch(/^StartLimitBurst=\d+$/m);
      expect(text).toMatch(/^UMask=0077$/m);
    },
  );
});
