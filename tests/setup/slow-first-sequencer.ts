import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Suites that take minutes where the others take seconds (each runs a whole
 * bench, both engines, or Java's HTML checker). With two workers, one of them
 * started last would end the run alone for its whole length, so they start
 * first; everything else keeps Vitest's own order (the slowest of the last
 * run first, where there was one).
 */
const LONGEST = ["bench-smoke", "bench-orders-smoke", "bench-own-shop-smoke", "w3c-html-checker"].map(
  (name) => `tests/integration/${name}.test.ts`,
);

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST.findIndex((suffix) => file.moduleId.endsWith(suffix));
      return index === -1 ? LONGEST.length : index;
    };
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}
