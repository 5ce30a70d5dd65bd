import { Outlet } from "react-router";
import { requireOwner } from "~/.server/admin/owners";
import { AdminMenu } from "~/components/admin/admin-menu";
import { AnswerAnnouncer } from "~/components/admin/answer-focus";
import type { Route } from "./+types/admin";

/** The back office's frame; every page under it checks the owner role in its own loader and actions too. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const owner = await requireOwner(context.auth, request, url);
  return { ownerName: owner.displayName };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin">
      <meta name="robots" content="noindex, nofollow" />
      <AdminMenu ownerName={loaderData.ownerName} />
      <Outlet />
      <AnswerAnnouncer />
    </div>
  );
}
