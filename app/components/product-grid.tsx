import type { ProductSummary } from "~/lib/catalog";
import { ProductCard } from "./product-card";

interface ProductGridProps {
  products: ProductSummary[];
  label: string;
  /** A last cell after the cards, such as the overview's 'See More!' tile. */
  trailer?: React.ReactNode;
  /** How many leading cards are above the fold and so load their images at once. */
  eagerCount?: number;
  /** The level of the cards' headings: one below the heading the grid sits under. */
  headingLevel?: 2 | 3;
}

/** SPEC §2's product grid: 4 columns, 3 at 701–900px, 2 at 501–700px, 1 at 500px or less. */
export function ProductGrid({ products, label, trailer, eagerCount = 4, headingLevel }: ProductGridProps) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eager={index < eagerCount} headingLevel={headingLevel} />
        </li>
      ))}
      {trailer ? <li>{trailer}</li> : null}
    </ul>
  );
}
