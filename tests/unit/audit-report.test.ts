import { describe, expect, it } from "vitest";
import { judgeAudit } from "../../scripts/audit-report";

/** `npm audit --json` reports in npm's format (auditReportVersion 2). */
const report = (vulnerabilities: Record<string, object>, counts: Record<string, number>) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts } },
  });

const advisory = (severity: string) => ({
  source: 1097495,
  name: "path-to-regexp",
  dependency: "path-to-regexp",
  title: "path-to-regexp outputs backtracking regular expressions",
  url: "https://github.com/advisories/GHSA-9wv6-86v2-598j",
  severity,
  range: "<0.1.10",
});

describe("judging npm audit's answer", () => {
  it("passes with no advisory, or only lower ones", () => {
    expect(judgeAudit(report({}, {}))).toEqual({
      code: 0,
      lines: ["npm audit: no high or critical advisory in the production dependencies (0 lower)."],
    });
    const moderate = { name: "path-to-regexp", severity: "moderate", via: [advisory("moderate")], fixAvailable: true };
    expect(judgeAudit(report({ "path-to-regexp": moderate }, { moderate: 1 })).code).toBe(0);
  });

  it("fails on a high or critical advisory, naming the package, the advisory and the fix", () => {
    const verdict = judgeAudit(
      report(
        {
          "path-to-regexp": {
            name: "path-to-regexp",
            severity: "high",
            via: [advisory("high")],
            fixAvailable: { name: "express", version: "5.1.0", isSemVerMajor: false },
          },
          express: { name: "express", severity: "critical", via: ["path-to-regexp"], fixAvailable: false },
        },
        { high: 1, critical: 1 },
      ),
    );
    expect(verdict.code).toBe(1);
    expect(verdict.lines).toEqual([
      "npm audit: 2 production dependencies with a high or critical advisory:",
      "  high: path-to-regexp — path-to-regexp outputs backtracking regular expressions https://github.com/advisories/GHSA-9wv6-86v2-598j (upgrade express to 5.1.0)",
      "  critical: express — through path-to-regexp (no fix published yet)",
    ]);
  });

  it("warns and passes when the audit endpoint cannot be asked", () => {
    // What this machine's registry answers: it takes GET and HEAD only.
    const refused = JSON.stringify({
      message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
      method: "POST",
      statusCode: 405,
      body: "",
      error: { summary: "", detail: "" },
    });
    const offline = JSON.stringify({
      error: {
        code: "ENOTFOUND",
        summary: "request to https://registry.npmjs.org/ failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org",
      },
    });
    for (const output of [refused, offline]) {
      const verdict = judgeAudit(output);
      expect(verdict.code).toBe(0);
      expect(verdict.lines[0]).toMatch(/^WARNING: the registry's audit endpoint could not be asked/);
      expect(verdict.lines[1]).toMatch(/NOT audited/);
    }
  });

  it("fails when npm audit fails for any other reason", () => {
    const noLock = JSON.stringify({
      error: { code: "ENOLOCK", summary: "This command requires an existing lockfile." },
    });
    expect(judgeAudit(noLock)).toEqual({
      code: 1,
      lines: ["npm audit failed: ENOLOCK This command requires an existing lockfile."],
    });
    expect(judgeAudit("npm error something").code).toBe(1);
  });
});
