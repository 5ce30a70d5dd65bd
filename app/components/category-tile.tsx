import { Link } from "react-router";
import type { Category } from "~/lib/catalog";
import { CATEGORY_IMAGE_SIZE } from "~/lib/images";
import { ResponsiveImage } from "./responsive-image";

export function CategoryTile({ category, eager }: { category: Category; eager: boolean }) {
  return (
    <Link to={`/${category.route}`} className="category-tile">
      <ResponsiveImage
        className="category-tile__image"
        src={category.imageUrl}
        alt=""
        {...CATEGORY_IMAGE_SIZE}
        sizes="(max-width: 600px) 100vw, 50vw"
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
      />
      <span className="category-tile__body">
        {/* The space keeps a screen reader from saying "WAXSHOP NOW": the flex layout sets the two apart. */}
        <span className="category-tile__title">{category.title}</span>{" "}
        <span className="category-tile__cta">Shop Now</span>
      </span>
    </Link>
  );
}
