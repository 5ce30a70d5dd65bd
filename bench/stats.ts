/** The middle value (the lower of the two middles for an even count): a figure that was really measured. */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** The nearest-rank `p`th percentile (0 of nothing): the value `p` % of the values are at or below. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The run whose `key` is the median: its other figures (latencies) come from the same run. */
export function medianBy<T>(runs: T[], key: (run: T) => number): T {
  const middle = median(runs.map(key));
  return runs.find((run) => key(run) === middle)!;
}

export const ratio = (shop: number, limit: number) => (limit > 0 ? shop / limit : 0);
