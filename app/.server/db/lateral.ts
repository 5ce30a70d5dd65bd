import type { AliasedSelectQueryBuilder, SelectQueryBuilder } from "kysely";
import type { Db } from ".";
import type { CategoryRow, Database, ProductTable } from "./schema";
import { isSqlite } from "./engine";

/**
 * A page of categories ("c"), each left-joined to its first products as
 * "p": `firstProducts`, a query of products "x" that refers to "c.id" and
 * has a limit. PostgreSQL takes them with a LATERAL join; SQLite has none,
 * but plans the equivalent IN list as well (an IN join makes PostgreSQL
 * test every product).
 */
export function leftJoinFirstProducts(
  db: Db,
  categories: AliasedSelectQueryBuilder<CategoryRow, "c">,
  firstProducts: SelectQueryBuilder<Database & { x: ProductTable }, "x", object>,
) {
  return isSqlite(db)
    ? db
        .selectFrom(categories)
        .leftJoin("products as p", (join) => join.on((eb) => eb("p.id", "in", firstProducts.select("x.id"))))
    : db.selectFrom(categories).leftJoinLateral(firstProducts.selectAll("x").as("p"), (join) => join.onTrue());
}
