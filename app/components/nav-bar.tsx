import { useRef } from "react";
import { Form, Link, NavLink, useLocation, useRouteLoaderData } from "react-router";
import { useHeaderHeight } from "~/lib/header-height";
import type { RootData } from "~/root";
import { DEFAULT_SHOP_NAME } from "~/lib/shop-settings";
import { CartIcon } from "./cart-icon";
import { Logo } from "./logo";

export function NavBar() {
  const root = useRouteLoaderData<RootData>("root");
  const displayName = root?.displayName;
  const shopName = root?.shop.name ?? DEFAULT_SHOP_NAME;
  const location = useLocation();
  const here = location.pathname + location.search;
  const header = useRef<HTMLElement>(null);
  useHeaderHeight(header);
  return (
    <header className="site-header" ref={header}>
      <nav className="nav" aria-label="Main">
        <Link to="/" className="nav__logo" aria-label={`${shopName} home`}>
          <Logo name={shopName} image={root?.logo?.nav ?? null} />
        </Link>
        <ul className="nav__links">
          <li>
            <NavLink to="/" end className="nav__link">
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/shop" className="nav__link">
              Shop
            </NavLink>
          </li>
          {root?.isOwner ? (
            <li className="nav__admin">
              <NavLink to="/admin" className="nav__link">
                Admin
              </NavLink>
            </li>
          ) : null}
          {displayName ? (
            <>
              <li className="nav__shopper">
                <NavLink to="/account" className="nav__account" aria-label={`${displayName}: your orders`}>
                  {displayName}
                </NavLink>
              </li>
              <li>
                <Form method="post" action="/auth">
                  <input type="hidden" name="returnTo" value={here} />
                  <button type="submit" name="intent" value="sign-out" className="nav__link nav__button">
                    Sign Out
                  </button>
                </Form>
              </li>
            </>
          ) : (
            <li>
              <NavLink to={`/auth?returnTo=${encodeURIComponent(here)}`} className="nav__link">
                Login
              </NavLink>
            </li>
          )}
        </ul>
        <CartIcon />
      </nav>
    </header>
  );
}
