/**
 * The scripts and style sheets a page names: what a browser fetches to run and show it, whether as an
 * attribute or, on a browsing page, in the list its inline script starts once the photo is on screen.
 */
export function pageAssets(html: string): string[] {
  const urls = [...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  return [...new Set(urls)];
}

export interface Fetched {
  requests: number;
  /** Every answer other than 200, or the client's error. */
  failures: { url: string; status: number | string }[];
}

/**
 * Fetches `paths` from `origin` one after another, round after round, while
 * `work` runs, then one round more: what browsers with the page open ask for
 * meanwhile. Bounded by `maxRequests` and `maxMs` whatever `work` does.
 */
export async function fetchWhile<T>(
  origin: string,
  paths: string[],
  work: Promise<T>,
  { maxRequests = 20_000, maxMs = 120_000 } = {},
): Promise<Fetched & { result: T }> {
  let done = false;
  const finished = work.finally(() => (done = true));
  const fetched: Fetched = { requests: 0, failures: [] };
  const deadline = Date.now() + maxMs;
  const round = async () => {
    for (const url of paths) {
      fetched.requests++;
      try {
        const answer = await fetch(origin + url);
        await answer.arrayBuffer();
        if (answer.status !== 200) fetched.failures.push({ url, status: answer.status });
      } catch (error) {
        fetched.failures.push({ url, status: String(error) });
      }
    }
  };
  while (!done && fetched.requests < maxRequests && Date.now() < deadline) await round();
  await round();
  return { ...fetched, result: await finished };
}
