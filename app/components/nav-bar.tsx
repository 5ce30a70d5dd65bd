import { Form, Link, NavLink, useLocation, useRouteLoaderData } from "react-router";
import type { RootData } from "~/root";
import { CartIcon } from "./cart-icon";
import { Logo } from "./logo";

export function NavBar() {
  const displayName = useRouteLoaderData<RootData>("root")?.displayName;
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <header className="site-header">
      <nav className="nav" aria-label="Main">
        <Link to="/" className="nav__logo" aria-label="Wickshop home">
          <Logo />
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
          {displayName ? (
            <>
              <li className="nav__shopper">{displayName}</li>
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
