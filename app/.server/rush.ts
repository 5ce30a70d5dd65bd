import { type EventLoopUtilization, performance } from "node:perf_hooks";

/** Above this share of its time busy, the process is serving a rush. */
const RUSH_UTILIZATION = 0.5;

/** The event loop's utilization so far, or between two readings: `performance.eventLoopUtilization`'s two forms. */
export type UtilizationMeter = (now?: EventLoopUtilization, since?: EventLoopUtilization) => EventLoopUtilization;

/**
 * A question to ask now and then: was the event loop busy more than half of
 * the time since it was last asked? Background work that can wait (the
 * search index, jobs.ts) does a little at a time in a rush and the rest
 * once the shop is quieter.
 */
export function rushDetector(meter: UtilizationMeter = performance.eventLoopUtilization) {
  let since = meter();
  return () => {
    const now = meter();
    const busy = meter(now, since).utilization > RUSH_UTILIZATION;
    since = now;
    return busy;
  };
}
