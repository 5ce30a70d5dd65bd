import { NavLink, Outlet } from "react-router";
import { requireOwner } from "~/.server/admin/owners";
import type { Route } from "./+types/admin";

/** The back office's frame; every page under it checks the owner role in its own loader and actions too. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const owner = await requireOwner(context.auth, request);
  return { ownerName: owner.displayName };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin">
      <meta name="robots" content="noindex, nofollow" />
      <nav className="admin-nav" aria-label="Back office">
        <p className="admin-nav__owner">{loaderData.ownerName}</p>
        <ul className="admin-nav__links">
          <li>
            <NavLink to="/admin" end className="admin-nav__link">
              Today
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/orders" className="admin-nav__link">
              Orders
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/products" className="admin-nav__link">
              Products
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/categories" className="admin-nav__link">
              Categories
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/activity" className="admin-nav__link">
              Activity
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/account" className="admin-nav__link">
              Account
            </NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
