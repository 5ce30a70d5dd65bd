import { setTimeout } from "node:timers/promises";
import type { Page } from "@playwright/test";
import { launchChromium, PAGE_JS_BYTES, PAGE_LCP } from "./browser";
import type { AddToCartFigure } from "./results";
import { median } from "./stats";

/**
 * Slow 4G as Lighthouse applies it when it throttles for real (its
 * "devtools" throttling of the mobile defaults): 150 ms of round trip and
 * 1.6 Mbit/s, with DevTools' adjustment for a request's own latency. The
 * processor is the machine's: slowed four times over as a phone's, the
 * other work on a shared machine would weigh four times as much as well.
 */
export const SLOW_4G = { latencyMs: 562.5, downloadKbps: 1474.56, uploadKbps: 675 };

/** Lighthouse's mobile screen (a Moto G Power): the photo the phone asks for is the one Lighthouse sees. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

interface AddToCartRun {
  workedAtMs: number;
  largestContentfulPaintMs: number | null;
  jsBytes: number;
}

/**
 * Runs in the page before its own scripts, as a shopper who keeps tapping
 * Add to Cart: every 20 ms, if the button can be pressed, it is clicked;
 * the first click after which the cart's badge counts the candle is when the
 * button first worked (milliseconds since the navigation began). A string,
 * as bench/browser.ts's.
 */
const TAP_UNTIL_ADDED = `(() => {
  const added = () => Number(document.querySelector(".cart-icon__badge")?.textContent || 0) > 0;
  const timer = setInterval(() => {
    const button = [...document.querySelectorAll("button")].find((each) => each.textContent.trim() === "Add to Cart");
    if (!button || button.disabled) return;
    const clickedAt = performance.now();
    button.click();
    if (added()) {
      window.__addToCartWorkedAt = clickedAt;
      clearInterval(timer);
    }
  }, 20);
})()`;

/** Read once the button worked: the page's LCP and its scripts' bytes, as bench/browser.ts reads them. */
const READ_AFTER = `(async () => ({
  workedAtMs: window.__addToCartWorkedAt,
  largestContentfulPaintMs: await ${PAGE_LCP},
  jsBytes: ${PAGE_JS_BYTES},
}))()`;

/**
 * Waits for the first tap that worked, asking the page from outside every
 * 50 ms: Playwright's own waiting evaluates its test inside the page, which
 * the shop's policy refuses (no 'unsafe-eval').
 */
async function untilAdded(tab: Page, productPath: string) {
  const deadline = performance.now() + 60_000;
  while ((await tab.evaluate("window.__addToCartWorkedAt")) === undefined) {
    if (performance.now() > deadline) throw new Error(`${productPath}: Add to Cart did not work within 60 s`);
    await setTimeout(50);
  }
}

/**
 * When Add to Cart first works on a product page (the click adds the candle:
 * the badge counts it), on a phone on slow 4G in Chromium, each of `runs`
 * cold loads; with the LCP and the scripts' bytes of the same loads.
 */
export async function measureAddToCart(shopUrl: string, productPath: string, runs: number): Promise<AddToCartFigure> {
  const browser = await launchChromium();
  try {
    const measured: AddToCartRun[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext(PHONE);
      try {
        const tab = await context.newPage();
        const devtools = await context.newCDPSession(tab);
        await devtools.send("Network.enable");
        await devtools.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: SLOW_4G.latencyMs,
          downloadThroughput: (SLOW_4G.downloadKbps * 1024) / 8,
          uploadThroughput: (SLOW_4G.uploadKbps * 1024) / 8,
        });
        await tab.addInitScript(TAP_UNTIL_ADDED);
        const response = await tab.goto(shopUrl + productPath, { waitUntil: "commit", timeout: 60_000 });
        if (response?.status() !== 200) throw new Error(`${productPath} answered ${response?.status()} in Chromium`);
        await untilAdded(tab, productPath);
        measured.push((await tab.evaluate(READ_AFTER)) as AddToCartRun);
      } finally {
        await context.close();
      }
    }
    const lcp = measured.map((run) => run.largestContentfulPaintMs);
    if (lcp.some((value) => value === null))
      throw new Error(`${productPath}: Chromium reported no Largest Contentful Paint`);
    return {
      path: productPath,
      workedAtMs: median(measured.map((run) => run.workedAtMs)),
      runs: measured.map((run) => run.workedAtMs),
      largestContentfulPaintMs: median(lcp as number[]),
      jsBytes: median(measured.map((run) => run.jsBytes)),
    };
  } finally {
    await browser.close();
  }
}
