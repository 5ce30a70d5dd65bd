import type { EventLoopUtilization } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { rushDetector } from "~/.server/rush";

/** Keeps the event loop busy for `ms`, as a run of checkouts would. */
function busyFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/**
 * A meter whose loop was busy `active` ms of each `elapsed` ms step, as
 * `performance.eventLoopUtilization` reports it: a reading, and the
 * difference of two readings.
 */
function meterOf(steps: { active: number; elapsed: number }[]) {
  let active = 0;
  let idle = 0;
  const reading = (): EventLoopUtilization => {
    const step = steps.shift() ?? { active: 0, elapsed: 0 };
    active += step.active;
    idle += step.elapsed - step.active;
    return { active, idle, utilization: active / (active + idle || 1) };
  };
  return (now?: EventLoopUtilization, since?: EventLoopUtilization): EventLoopUtilization => {
    if (!now) return reading();
    const busy = now.active - since!.active;
    const quiet = now.idle - since!.idle;
    return { active: busy, idle: quiet, utilization: busy / (busy + quiet || 1) };
  };
}

describe("rushDetector", () => {
  it("says rush when the loop was busy more than half the time since it was last asked, and quiet otherwise", () => {
    const inRush = rushDetector(
      meterOf([
        { active: 0, elapsed: 0 },
        { active: 4_000, elapsed: 5_000 },
        { active: 2_000, elapsed: 5_000 },
        { active: 2_500, elapsed: 5_000 },
        { active: 2_600, elapsed: 5_000 },
      ]),
    );
    expect(inRush()).toBe(true);
    // Only the last 5 s count: the busy spell before them is forgotten.
    expect(inRush()).toBe(false);
    expect(inRush()).toBe(false);
    expect(inRush()).toBe(true);
  });

  it("reads Node's own event loop by default: a busy spell is a rush", () => {
    const inRush = rushDetector();
    busyFor(200);
    expect(inRush()).toBe(true);
  });
});
