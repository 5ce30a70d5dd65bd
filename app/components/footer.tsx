import { Link } from "react-router";
import type { RootData } from "~/root";

interface FooterProps {
  social: RootData["social"] | undefined;
  year: number;
}

export function Footer({ social, year }: FooterProps) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label="Follow us" className="site-footer__group">
          <h2 className="site-footer__heading">Follow us</h2>
          <ul>
            {social ? (
              <>
                <li>
                  <a href={social.facebook} rel="noopener noreferrer" target="_blank">
                    Facebook
                  </a>
                </li>
                <li>
                  <a href={social.instagram} rel="noopener noreferrer" target="_blank">
                    Instagram
                  </a>
                </li>
                <li>
                  <a href={social.etsy} rel="noopener noreferrer" target="_blank">
                    Etsy
                  </a>
                </li>
              </>
            ) : null}
          </ul>
        </nav>
        <nav aria-label="About the shop" className="site-footer__group">
          <h2 className="site-footer__heading">The shop</h2>
          <ul>
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
            <li>
              <Link to="/about">Our Journey</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__credit">Hand-poured in small batches. Created by Wickshop © {year}</p>
      </div>
    </footer>
  );
}
