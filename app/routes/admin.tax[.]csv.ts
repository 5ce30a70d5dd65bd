import { csvDownload } from "~/.server/admin/csv-stream";
import { requireOwner } from "~/.server/admin/owners";
import { reportMonths, reportYearOf, thisYear } from "~/.server/admin/report-months";
import { taxReportCsv } from "~/.server/admin/tax-report";
import type { Route } from "./+types/admin.tax[.]csv";

/** GET /admin/tax.csv: the tax report of the last twelve months, or of `?year=`, one row per month and state. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  const now = Date.now();
  const { timeZone } = context.config;
  const asked = reportYearOf(url, thisYear({ now, timeZone }));
  if (asked.kind === "invalid")
    return new Response(`${asked.message}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const months = reportMonths({ now, timeZone, year: asked.kind === "year" ? asked.year : undefined });
  return csvDownload(taxReportCsv(context.db, months, now), context.logger);
}
