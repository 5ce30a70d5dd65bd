import { allActivity } from "~/.server/admin/activity";
import { requireOwner } from "~/.server/admin/owners";
import { csvFile } from "~/lib/csv";
import type { Route } from "./+types/admin.activity[.]csv";

/** GET /admin/activity.csv: the whole activity log, oldest first, with the values as recorded (JSON). */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  const rows = (await allActivity(context.db)).map((entry) => [
    new Date(entry.created_at).toISOString(),
    entry.actor_name,
    entry.actor_id,
    entry.action,
    entry.subject_type,
    entry.subject,
    entry.before,
    entry.after,
  ]);
  return new Response(csvFile([["When (UTC)", "Who", "Account id", "Action", "Subject type", "Subject", "Before", "After"], ...rows]), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="activity-${new Date().toISOString().slice(0, 10)}.csv"`,
    },
  });
}
