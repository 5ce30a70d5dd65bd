/** What `npm audit --json` printed, judged for CI: fail on a high or critical advisory. */

export interface AuditVerdict {
  /** 0: nothing high or critical (or the audit could not be asked); 1: fix something. */
  code: 0 | 1;
  lines: string[];
}

interface Advisory {
  title?: string;
  url?: string;
  severity?: string;
}

interface Vulnerability {
  name: string;
  severity: string;
  via: (Advisory | string)[];
  fixAvailable?: boolean | { name: string; version: string; isSemVerMajor?: boolean };
}

interface AuditReport {
  auditReportVersion?: number;
  vulnerabilities?: Record<string, Vulnerability>;
  metadata?: { vulnerabilities?: Record<string, number> };
  statusCode?: number;
  message?: string;
  error?: { code?: string; summary?: string };
}

const SERIOUS = ["high", "critical"];
/** The audit endpoint could not be asked: no network, no DNS, or a registry (mirror) without it. */
const UNREACHABLE = /\b(ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH)\b/;

function describe(vulnerability: Vulnerability): string {
  const advisories = vulnerability.via
    .map((via) => (typeof via === "string" ? `through ${via}` : [via.title, via.url].filter(Boolean).join(" ")))
    .join("; ");
  const fix = vulnerability.fixAvailable;
  const remedy =
    fix === true ? "npm audit fix" : fix ? `upgrade ${fix.name} to ${fix.version}` : "no fix published yet";
  return `  ${vulnerability.severity}: ${vulnerability.name} — ${advisories} (${remedy})`;
}

export function judgeAudit(output: string): AuditVerdict {
  let report: AuditReport;
  try {
    report = JSON.parse(output) as AuditReport;
  } catch {
    return { code: 1, lines: [`npm audit printed something that is not JSON: ${output.slice(0, 300)}`] };
  }
  if (report.auditReportVersion) {
    const serious = Object.values(report.vulnerabilities ?? {}).filter((vulnerability) =>
      SERIOUS.includes(vulnerability.severity),
    );
    const counts = report.metadata?.vulnerabilities ?? {};
    const lower = (counts.moderate ?? 0) + (counts.low ?? 0) + (counts.info ?? 0);
    if (serious.length === 0) {
      return {
        code: 0,
        lines: [`npm audit: no high or critical advisory in the production dependencies (${lower} lower).`],
      };
    }
    return {
      code: 1,
      lines: [
        `npm audit: ${serious.length} production dependencies with a high or critical advisory:`,
        ...serious.map(describe),
      ],
    };
  }
  const reason = [report.message, report.error?.code, report.error?.summary].filter(Boolean).join(" ");
  if (typeof report.statusCode === "number" || UNREACHABLE.test(reason)) {
    return {
      code: 0,
      lines: [
        `WARNING: the registry's audit endpoint could not be asked (${reason || `HTTP ${report.statusCode}`}).`,
        "The dependencies were NOT audited; run `npm audit --omit=dev` where the registry's audit endpoint is reachable.",
      ],
    };
  }
  return { code: 1, lines: [`npm audit failed: ${reason || output.slice(0, 300)}`] };
}
