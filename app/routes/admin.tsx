import { NavLink, Outlet } from "react-router";
import { requireOwner } from "~/.server/admin/owners";
import { AnswerAnnouncer } from "~/components/admin/answer-focus";
import type { Route } from "./+types/admin";

/** The back office's frame; every page under it checks the owner role in its own loader and actions too. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const owner = await requireOwner(context.auth, request, url);
  return { ownerName: owner.displayName };
}

const SCREENS = [
  ["/admin", "Today"],
  ["/admin/orders", "Orders"],
  ["/admin/products", "Products"],
  ["/admin/categories", "Categories"],
  ["/admin/shipping", "Shipping"],
  ["/admin/tax", "Tax"],
  ["/admin/discounts", "Discounts"],
  ["/admin/settings", "Shop"],
  ["/admin/pages", "Pages"],
  ["/admin/activity", "Activity"],
  ["/admin/account", "Account"],
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin">
      <meta name="robots" content="noindex, nofollow" />
      <nav className="admin-nav" aria-label="Back office">
        <p className="admin-nav__owner">{loaderData.ownerName}</p>
        <ul className="admin-nav__links">
          {SCREENS.map(([path, name]) => (
            <li key={path}>
              <NavLink to={path} end={path === "/admin"} className="admin-nav__link">
                {name}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
      <AnswerAnnouncer />
    </div>
  );
}
