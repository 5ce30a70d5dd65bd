/**
 * Polls `probe` until it returns something truthy (which is returned), for at
 * most `timeoutMs`; then throws, naming what was awaited and what the probe
 * last saw. Every wait in the mail tests is bounded by this.
 */
export async function waitFor<T>(
  probe: () => T | Promise<T>,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<NonNullable<T>> {
  const { timeoutMs = 10_000, intervalMs = 100, what = "the condition" } = options;
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await probe();
    if (last) return last as NonNullable<T>;
    if (Date.now() >= deadline) break;
    await sleep(Math.min(intervalMs, Math.max(0, deadline - Date.now())));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last seen: ${JSON.stringify(last)})`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
