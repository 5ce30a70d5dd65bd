import { Link, useRouteLoaderData } from "react-router";
import { DEFAULT_SHOP_NAME } from "~/lib/shop-settings";
import type { RootData } from "~/root";

/** SPEC §2's not-found view; the word Home takes the shopper there. */
export function NotFound() {
  const shopName = useRouteLoaderData<RootData>("root")?.shop.name ?? DEFAULT_SHOP_NAME;
  return (
    <section className="page page--narrow message-page">
      <title>{`Page not found · ${shopName}`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="visually-hidden">Page not found</h1>
      <p className="message-page__text">
        Oops! Looks like this page doesn't exist. Try heading back <Link to="/">Home</Link>!
      </p>
    </section>
  );
}
