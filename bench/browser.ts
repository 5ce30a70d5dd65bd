import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, FULL_CHROMIUM } from "../e2e/support/chromium";
import type { PageToMeasure } from "./pages";
import type { BrowserFigure } from "./results";
import { median } from "./stats";

interface PageLoad {
  jsBytes: number;
  htmlBytes: number;
  ttfbMs: number;
  domContentLoadedMs: number;
  largestContentfulPaintMs: number | null;
}

/**
 * What runs in the page, as strings, not functions: the TypeScript loader
 * would wrap a function's inner names in helpers the page lacks. Its LCP,
 * a promise, from a buffered PerformanceObserver; and the compressed bodies
 * (encodedBodySize) of the scripts it fetched.
 */
export const PAGE_LCP = `new Promise((resolve) => {
  let latest = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) latest = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  setTimeout(() => resolve(latest), 250);
})`;
export const PAGE_JS_BYTES = `performance
  .getEntriesByType("resource")
  .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
  .reduce((sum, entry) => sum + entry.encodedBodySize, 0)`;

/** Runs in the page once it is idle; the page's own bytes hold its style sheet. */
const READ_PAGE_LOAD = `(async () => {
  const largestContentfulPaintMs = await ${PAGE_LCP};
  const navigation = performance.getEntriesByType("navigation")[0];
  return {
    jsBytes: ${PAGE_JS_BYTES},
    htmlBytes: navigation.encodedBodySize,
    ttfbMs: navigation.responseStart,
    domContentLoadedMs: navigation.domContentLoadedEventStart,
    largestContentfulPaintMs,
  };
})()`;

export const chromiumPath = process.env.CHROMIUM_PATH ?? FULL_CHROMIUM;

/** The bench's Chromium, with nothing of its own on the network beside the pages. */
export const launchChromium = () =>
  chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_ARGS,
  });

/** Bytes of JavaScript and of the page, TTFB, DOMContentLoaded and LCP per page in Chromium, median of `loads` cold loads. */
export async function measureBrowser(shopUrl: string, pages: PageToMeasure[], loads: number): Promise<BrowserFigure[]> {
  const browser = await launchChromium();
  try {
    const figures: BrowserFigure[] = [];
    for (const page of pages) {
      const measured: PageLoad[] = [];
      for (let load = 0; load < loads; load++) {
        // A new context each time: an empty cache, as a first visit.
        const context = await browser.newContext();
        try {
          const tab = await context.newPage();
          const response = await tab.goto(shopUrl + page.path, { waitUntil: "networkidle", timeout: 60_000 });
          if (response?.status() !== 200) throw new Error(`${page.path} answered ${response?.status()} in Chromium`);
          measured.push((await tab.evaluate(READ_PAGE_LOAD)) as PageLoad);
        } finally {
          await context.close();
        }
      }
      const lcp = measured.map((load) => load.largestContentfulPaintMs);
      if (lcp.some((value) => value === null))
        throw new Error(`${page.path}: Chromium reported no Largest Contentful Paint`);
      figures.push({
        ...page,
        jsBytes: median(measured.map((load) => load.jsBytes)),
        htmlBytes: median(measured.map((load) => load.htmlBytes)),
        ttfbMs: median(measured.map((load) => load.ttfbMs)),
        domContentLoadedMs: median(measured.map((load) => load.domContentLoadedMs)),
        largestContentfulPaintMs: median(lcp as number[]),
      });
    }
    return figures;
  } finally {
    await browser.close();
  }
}
