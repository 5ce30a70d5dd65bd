/**
 * npm run deps:audit: fails when a production dependency has a high or
 * critical advisory (CI runs it). When the registry's audit endpoint cannot
 * be reached it says so loudly and passes: an outage elsewhere is not a
 * finding, and machines without that endpoint can still run CI.
 */
import { spawnSync } from "node:child_process";
import { judgeAudit } from "./audit-report";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
// --audit-level is left to judgeAudit: npm exits non-zero for failures to ask and for findings alike.
const result = spawnSync(npm, ["audit", "--omit=dev", "--json"], { encoding: "utf8", timeout: 120_000 });
const verdict = judgeAudit(result.stdout ?? "");
for (const line of verdict.lines) (verdict.code === 0 ? console.log : console.error)(line);
process.exitCode = verdict.code;
