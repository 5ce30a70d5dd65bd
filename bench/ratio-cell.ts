import type { RoundRatios } from "./results";

/** A ratio as a change: 0.95 is "−5.0 %". */
export const percent = (ratio: number) => `${ratio >= 1 ? "+" : "−"}${Math.abs((ratio - 1) * 100).toFixed(1)} %`;

/**
 * Within `limit` (0.1 for 10 %) of the figure compared with: a rate at least
 * 1 − limit times its, a CPU time at most 1 + limit.
 */
export const within = (limit: number) => ({
  rate: (ratio: number) => ratio >= 1 - limit,
  cpu: (ratio: number) => ratio <= 1 + limit,
});

/** "0.97 (−3.0 %, within 5 %): 0.95, 0.97, 1.01": the median ratio, its verdict, then each round's. */
export const ratioCell = (ratios: RoundRatios, isWithin: (ratio: number) => boolean, limit: number) =>
  `${ratios.median.toFixed(2)} (${percent(ratios.median)}, ${isWithin(ratios.median) ? "within" : "NOT within"} ${Math.round(limit * 100)} %): ${ratios.rounds.map((value) => value.toFixed(2)).join(", ")}`;
