/** A seeded generator (mulberry32): the grown shop is the same on every run and on both engines. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    /** A whole number from `min` to `max`, both included. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    /** An index into `weights`, each as likely as its weight. */
    weighted: (weights: readonly number[]) => {
      let left = next() * weights.reduce((sum, weight) => sum + weight, 0);
      for (const [index, weight] of weights.entries()) {
        left -= weight;
        if (left < 0) return index;
      }
      return weights.length - 1;
    },
    /** `length` characters of `alphabet`. */
    text: (alphabet: string, length: number) =>
      Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join(""),
  };
}

export type SeededRandom = ReturnType<typeof seededRandom>;
