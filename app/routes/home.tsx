import { CategoryTile } from "~/components/category-tile";
import { listCategories } from "~/.server/catalog/queries";
import { pageMeta, rootOf, shopOf } from "~/lib/meta";
import type { ShopSettings } from "~/lib/shop-settings";
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

/** The shop as search engines read it: its name, how to reach it, and its pages elsewhere. */
function organization(shop: ShopSettings, publicUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: shop.name,
    url: `${publicUrl}/`,
    ...(shop.address ? { address: shop.address } : {}),
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      email: shop.contactEmail,
      ...(shop.phone ? { telephone: shop.phone } : {}),
    },
    sameAs: [shop.facebook, shop.instagram, shop.etsy].filter(Boolean),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopOf(matches);
  return pageMeta({
    description:
      "Hand-poured candles in small batches: wax, seasonal, jelly and wooden-wick candles, shipped to your door.",
    path: "/",
    matches,
    extra: shop ? [{ "script:ld+json": organization(shop, rootOf(matches).publicUrl ?? "") }] : [],
  });
};
