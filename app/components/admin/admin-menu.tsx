import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";

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

/**
 * The back office's menu: one row, which a phone scrolls sideways, with the
 * current screen brought into the row's view (Account sits past its edge).
 */
export function AdminMenu({ ownerName }: { ownerName: string }) {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    // The row alone scrolls, never the page, as scrollIntoView would.
    if (row && current) row.scrollLeft = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav className="admin-nav" aria-label="Back office">
      <p className="admin-nav__owner">{ownerName}</p>
      <ul className="admin-nav__links" ref={list}>
        {SCREENS.map(([path, name]) => (
          <li key={path}>
            <NavLink to={path} end={path === "/admin"} className="admin-nav__link">
              {name}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
