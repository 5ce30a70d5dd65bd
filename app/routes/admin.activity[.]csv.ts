import { activityCsv } from "~/.server/admin/activity";
import { csvDownload } from "~/.server/admin/csv-stream";
import { requireOwner } from "~/.server/admin/owners";
import type { Route } from "./+types/admin.activity[.]csv";

/** GET /admin/activity.csv: the whole activity log, oldest first, with the values as recorded (JSON). */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  await requireOwner(context.auth, request, url);
  return csvDownload(activityCsv(context.db), context.logger);
}
