import { Link, NavLink } from "react-router";
import { CartIcon } from "./cart-icon";
import { Logo } from "./logo";

export function NavBar() {
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
          <li>
            <NavLink to="/auth" className="nav__link">
              Login
            </NavLink>
          </li>
        </ul>
        <CartIcon />
      </nav>
    </header>
  );
}
