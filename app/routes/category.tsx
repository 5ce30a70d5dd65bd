import { data } from "react-router";
import { ProductGrid } from "~/components/product-grid";
import { findCategory } from "~/.server/catalog";
import { capitalise, categoryPath } from "~/lib/catalog";
import { pageMeta, publicUrlOf } from "~/lib/meta";
import type { Route } from "./+types/category";
import { withDatabaseOutage } from "~/.server/http";

export const loader = withDatabaseOutage(async function loader({ context, params }: Route.LoaderArgs) {
  const category = await findCategory(context.db, params.category, { inStockOnly: true });
  if (!category) throw data(null, { status: 404 });
  return { category };
});

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  const heading = capitalise(category.title);
  return (
    <section className="page" aria-labelledby="category-title">
      <h1 className="page__title" id="category-title">
        {heading}
      </h1>
      {category.products.length === 0 ? (
        <p className="empty-state">Sorry, we are out of stock!</p>
      ) : (
        <ProductGrid products={category.products} label={`${heading} candles`} />
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { category } = loaderData;
  return pageMeta({
    title: `${capitalise(category.title)} candles`,
    description: `Hand-poured ${category.title.toLowerCase()} candles, ${category.products.length} in stock now.`,
    path: categoryPath(category.slug),
    publicUrl: publicUrlOf(matches),
  });
};
