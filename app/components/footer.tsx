import { Link } from "react-router";
import type { PolicyLink } from "~/lib/shop-pages";
import { DEFAULT_SHOP_NAME, DEFAULT_TAGLINE, type ShopSettings } from "~/lib/shop-settings";

interface FooterProps {
  shop: ShopSettings | undefined;
  /** The About page's title, its link's words. */
  aboutTitle: string;
  /** The policies the owner published (/admin/pages). */
  policies: PolicyLink[];
  year: number;
}

const SOCIAL = [
  ["facebook", "Facebook"],
  ["instagram", "Instagram"],
  ["etsy", "Etsy"],
] as const;

export function Footer({ shop, aboutTitle, policies, year }: FooterProps) {
  // A page whose settings could not be read (the database away) still says whose shop it is.
  const { name, tagline } = shop ?? { name: DEFAULT_SHOP_NAME, tagline: DEFAULT_TAGLINE };
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label="Follow us" className="site-footer__group">
          <h2 className="site-footer__heading">Follow us</h2>
          <ul>
            {/* An empty link is one the owner hid (/admin/settings). */}
            {SOCIAL.filter(([key]) => shop?.[key]).map(([key, label]) => (
              <li key={key}>
                <a href={shop![key]} rel="noopener noreferrer" target="_blank">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="About the shop" className="site-footer__group">
          <h2 className="site-footer__heading">The shop</h2>
          <ul>
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
            <li>
              <Link to="/about">{aboutTitle}</Link>
            </li>
            {policies.map((policy) => (
              <li key={policy.slug}>
                <Link to={policy.path}>{policy.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__credit">{`${tagline ? `${tagline} ` : ""}Created by ${name} © ${year}`}</p>
      </div>
    </footer>
  );
}
