import fs from "node:fs";

/**
 * Debian's old headless shell (`apt-get install chromium-headless-shell`), which Playwright itself runs for
 * headless tests: the same Chromium without the full browser's window machinery, a third less time for the
 * browser tests on 2 cores. The full browser where the shell is missing.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const FULL_CHROMIUM = "/usr/bin/chromium";

export const chromiumPath = (preferred = HEADLESS_SHELL) =>
  process.env.CHROMIUM_PATH ?? (fs.existsSync(preferred) ? preferred : FULL_CHROMIUM);

/** Debian's Chromium as root in a container, with nothing that reaches out to the network by itself. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
