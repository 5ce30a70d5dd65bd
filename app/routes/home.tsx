import { CategoryTile } from "~/components/category-tile";
import { listCategories } from "~/.server/catalog/queries";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await listCategories(context.db) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <section className="page">
      <h1 className="visually-hidden">Handmade candles by category</h1>
      <ul className="category-grid">
        {loaderData.categories.map((category, index) => (
          <li key={category.slug}>
            <CategoryTile category={category} eager={index < 2} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    description:
      "Hand-poured candles in small batches: wax, seasonal, jelly and wooden-wick candles, shipped to your door.",
    path: "/",
    matches,
  });
