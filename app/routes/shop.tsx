import { Link } from "react-router";
import { ProductGrid } from "~/components/product-grid";
import { getCatalogPreview } from "~/.server/catalog";
import { capitalise, categoryPath } from "~/lib/catalog";
import { pageMeta, publicUrlOf } from "~/lib/meta";
import type { Route } from "./+types/shop";
import { withDatabaseOutage } from "~/.server/http";

/** SPEC §9: the overview shows at most 3 items per category. */
const ITEMS_PER_CATEGORY = 3;

export const loader = withDatabaseOutage(async function loader({ context }: Route.LoaderArgs) {
  return { categories: await getCatalogPreview(context.db, ITEMS_PER_CATEGORY) };
});

export default function Shop({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1 className="page__title">Shop</h1>
      {loaderData.categories.map((category, index) => (
        <section key={category.slug} className="shop-section" aria-labelledby={`section-${category.slug}`}>
          <h2 className="shop-section__title" id={`section-${category.slug}`}>
            <Link to={categoryPath(category.slug)}>{capitalise(category.title)}</Link>
          </h2>
          <ProductGrid
            products={category.products}
            label={`${capitalise(category.title)} candles`}
            eagerCount={index === 0 ? 4 : 0}
            trailer={
              <Link to={categoryPath(category.slug)} className="see-more-tile">
                <span>See More!</span>
                <span className="visually-hidden"> {capitalise(category.title)} candles</span>
              </Link>
            }
          />
        </section>
      ))}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Shop",
    description: "Browse every candle we make, by category.",
    path: "/shop",
    publicUrl: publicUrlOf(matches),
  });
