import { Transform, type TransformCallback } from "node:stream";

/**
 * A browsing page's photo gets the link before its scripts
 * (docs/decisions/010-first-paint.md). React Router hints every module of the
 * page in the head with `<link rel="modulepreload">`, and its module script
 * at the end of the body imports them as soon as the page is parsed: on a
 * slow link about 100 KB of JavaScript then shares the first round trips with
 * the photo the shopper is waiting for. On a page whose head preloads a photo
 * at high priority, the hints are taken out of the head and the module script
 * is kept inert; a small inline script starts both once the photos are on
 * screen, or a short head start after the page's first paint if they are
 * slower than that: every module is then asked for in one wave, only after
 * the photos' own requests.
 */

/** How long after the first paint the scripts wait for a photo still on its way. */
export const PHOTO_HEAD_START_MS = 200;

/** The type React Router's module script is given until it may run: none a browser runs. */
export const MODULE_AFTER_PHOTO = "text/x-module-after-photo";

/** The photo React preloads for the page's `<img fetchPriority="high">`. */
const PHOTO_PRELOAD = /<link rel="preload" as="image"[^>]*\bfetchPriority="high"[^>]*\/>/;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>/;
const MODULE_TYPE = Buffer.from(' type="module"');

/**
 * Runs in the browser, written into the page as its own text: after the first
 * paint, when the photos the page opens on (those at high priority: a home's
 * first tiles, a category's first cards) have been decoded, then after the
 * frame that shows them, or `headStartMs` later, whichever comes first, it
 * hints `hrefs` and runs the inert module script as React Router would have.
 */
export function startScriptsAfterPhoto(hrefs: string[], headStartMs: number, inertType: string) {
  // The policy's nonce, which the browser shows to scripts only while they run.
  const nonce = document.currentScript?.nonce ?? "";
  // A tab opened in the background paints nothing and runs no animation frame until it is shown: its
  // scripts load at once, as they did before, so the page works when the shopper turns to it.
  const afterNextPaint = () =>
    new Promise((resolve) => {
      if (document.hidden) return resolve(undefined);
      document.addEventListener("visibilitychange", resolve, { once: true });
      requestAnimationFrame(() => setTimeout(resolve));
    });
  const parsed = new Promise((resolve) =>
    document.readyState === "loading" ? document.addEventListener("DOMContentLoaded", resolve) : resolve(undefined),
  );
  void parsed.then(afterNextPaint).then(() => {
    const photos = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
    const shown = Promise.all(photos.map((photo) => photo.decode().catch(() => undefined))).then(afterNextPaint);
    const headStart = new Promise((resolve) => setTimeout(resolve, headStartMs));
    return Promise.race([shown, headStart]).then(() => {
      for (const href of hrefs) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        document.head.append(link);
      }
      const inert = document.querySelector(`script[type="${inertType}"]`);
      const script = document.createElement("script");
      script.type = "module";
      script.nonce = nonce;
      script.textContent = inert?.textContent ?? "";
      document.head.append(script);
    });
  });
}

/** The starter's own text, less its indentation: lines stay lines, so no statement runs into the next. */
const STARTER_SOURCE = String(startScriptsAfterPhoto).replace(/^\s+/gm, "");

/**
 * A page's HTML as it leaves the server, up to and with React Router's module
 * script: unchanged unless its head preloads a photo at high priority; then
 * without its module preloads, with the script that starts the modules in
 * their place (carrying the page's nonce), and with the module script inert.
 */
export function photoFirstPage(html: string, nonce: string | undefined): string {
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) return html;
  const head = html.slice(0, headEnd);
  const hrefs = [...head.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  if (!PHOTO_PRELOAD.test(head) || hrefs.length === 0 || !MODULE_SCRIPT.test(html)) return html;
  const call = `(${STARTER_SOURCE})(${JSON.stringify(hrefs)},${PHOTO_HEAD_START_MS},${JSON.stringify(MODULE_AFTER_PHOTO)})`;
  const tag = `<script${nonce ? ` nonce="${nonce}"` : ""}>${call}</script>`;
  let first = true;
  const newHead = head.replace(MODULE_PRELOAD, () => (first ? ((first = false), tag) : ""));
  // A script that is not to run is a data block, which may not be async.
  const inert = (script: string) =>
    script.replace(' type="module"', ` type="${MODULE_AFTER_PHOTO}"`).replace(' async=""', "");
  return newHead + html.slice(headEnd).replace(MODULE_SCRIPT, inert);
}

/**
 * A stream of the page's HTML with `photoFirstPage` applied: the bytes up to
 * the end of React Router's module script tag are held (React writes the
 * whole shell, head to body's end, at once), the rest passes as it comes.
 */
export function photoFirstStream(nonce: string | undefined): Transform {
  let held: Buffer | undefined = Buffer.alloc(0);
  // Where the module script's type may still be found in the held bytes: the search never reads them twice.
  let from = 0;
  const release = (stream: Transform, bytes: Buffer, upTo: number) => {
    held = undefined;
    stream.push(photoFirstPage(bytes.subarray(0, upTo).toString("utf8"), nonce));
    if (upTo < bytes.length) stream.push(bytes.subarray(upTo));
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!held) return callback(null, chunk);
      const bytes = Buffer.concat([held, chunk]);
      const type = bytes.indexOf(MODULE_TYPE, from);
      // The tag's end is its first ">": React escapes it in attribute values. Up to it, the bytes are whole characters.
      const tagEnd = type < 0 ? -1 : bytes.indexOf(">", type);
      if (tagEnd >= 0) release(this, bytes, tagEnd + 1);
      else {
        held = bytes;
        from = type >= 0 ? type : Math.max(0, bytes.length - MODULE_TYPE.length + 1);
      }
      callback();
    },
    flush(callback: TransformCallback) {
      if (held) release(this, held, held.length);
      callback();
    },
  });
}
