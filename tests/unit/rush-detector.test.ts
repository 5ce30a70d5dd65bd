import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { rushDetector } from "~/.server/rush";

/** Keeps the event loop busy for `ms`, as a run of checkouts would. */
function busyFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("rushDetector", () => {
  it("says rush after a busy spell and quiet after an idle one, each measured since it was last asked", async () => {
    const inRush = rushDetector();
    busyFor(200);
    expect(inRush()).toBe(true);
    await sleep(200);
    expect(inRush()).toBe(false);
    busyFor(200);
    expect(inRush()).toBe(true);
  });
});
