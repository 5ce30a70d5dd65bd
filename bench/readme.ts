import fs from "node:fs";

/** Where `--readme` writes each mode's latest table: the bench's own README, beside its code. */
export const BENCH_README = "bench/README.md";

/**
 * Replaces the figures between the markers `<!-- {block}:start -->` and
 * `<!-- {block}:end -->` of `file` with `table`: "bench" for the main bench,
 * "bench-orders" for the owner's side, "bench-index-cost" for --index-cost,
 * "bench-checkout" for --checkout, "bench-checkout-pricing" for
 * --checkout-pricing, "bench-own-shop" for --own-shop, "bench-variants" for
 * --variants, "bench-first-paint" for --first-paint.
 */
export function writeIntoReadme(file: string, table: string, block = "bench") {
  const [START, END] = [`<!-- ${block}:start -->`, `<!-- ${block}:end -->`];
  const readme = fs.readFileSync(file, "utf8");
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end < start) throw new Error(`${file} has no ${START} … ${END} block for the figures`);
  fs.writeFileSync(file, `${readme.slice(0, start + START.length)}\n${table}${readme.slice(end)}`);
}
