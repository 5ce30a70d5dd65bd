import { type RawBuilder, sql } from "kysely";

/**
 * Consecutive ranges of moments as SQL rows `(index, from_ms, to_ms)`, for a
 * `with ranges(index, from_ms, to_ms) as (values …)` that the database joins
 * its timestamps against: range `i` runs from `starts[i]` up to, not
 * including, `starts[i + 1]`. JavaScript knows where the shop's days and
 * months begin; SQLite knows no time zones. The index is cast so that
 * PostgreSQL sorts it as a number, not as text ("10" before "9").
 */
export function rangeRows(starts: readonly number[]): RawBuilder<unknown> {
  const rows = starts
    .slice(0, -1)
    .map(
      (start, index) =>
        sql`(cast(${index} as integer), cast(${start} as bigint), cast(${starts[index + 1]} as bigint))`,
    );
  return sql.join(rows);
}
