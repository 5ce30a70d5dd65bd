import type { TransformCallback, TransformOptions } from "node:stream";

const HEAD_END = "</head>";
const BODY_END = "</body>";
/** As React writes React Router's hints: `<link rel="modulepreload" href="/assets/…" nonce="…"/>`. */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/**
 * Hints the modules once the page's first photo (the one fetched at high
 * priority) has arrived, or at once on a page without one. A string, as it
 * is written into the page; `hrefs` is its argument.
 */
const HINT_AFTER_PHOTO = `(hrefs) => {
  const hint = () => {
    for (const href of hrefs) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
  };
  const photo = document.querySelector('img[fetchpriority="high"]');
  if (!photo || photo.complete) return hint();
  photo.addEventListener("load", hint, { once: true });
  photo.addEventListener("error", hint, { once: true });
}`;

/** The inline script that hints `hrefs` after the photo, with the response's nonce; JSON in a script must not close it. */
const hintScript = (hrefs: string[], nonce: string) =>
  `<script nonce="${nonce}">(${HINT_AFTER_PHOTO})(${JSON.stringify(hrefs).replaceAll("<", "\\u003c")})</script>`;

/**
 * A page's stream with React Router's module preloads moved from the head
 * to after the first photo (docs/decisions/010-first-paint.md). `<Scripts>`
 * writes a `<link rel="modulepreload">` for every module the page needs, and
 * React hoists them into the head: on a slow link their 120 KB take the
 * bandwidth the photo needs. They are taken out of the head, and a script
 * at the end of the body asks for the same modules once the photo is there;
 * the module script React Router writes still imports them all meanwhile.
 * The head is held until `</head>`; after it every chunk passes through at
 * once, but for the few bytes that could begin `</body>`.
 */
export function modulePreloadsAfterPhoto(nonce: string): Pick<TransformOptions, "transform" | "flush"> {
  let held: Buffer | undefined;
  let stage: "head" | "body" | "done" = "head";
  let hrefs: string[] = [];

  const passHead = (page: Buffer): Buffer | undefined => {
    const end = page.indexOf(HEAD_END);
    if (end === -1) {
      held = page;
      return undefined;
    }
    stage = "body";
    const head = page.subarray(0, end).toString("utf8");
    hrefs = [...head.matchAll(MODULE_PRELOAD)].map((link) => /href="([^"]*)"/.exec(link[0])?.[1] ?? "");
    return Buffer.concat([Buffer.from(head.replace(MODULE_PRELOAD, "")), passBody(page.subarray(end))]);
  };

  const passBody = (page: Buffer): Buffer => {
    const end = page.indexOf(BODY_END);
    if (end !== -1) {
      stage = "done";
      held = undefined;
      const script = hrefs.length > 0 ? hintScript(hrefs, nonce) : "";
      return Buffer.concat([page.subarray(0, end), Buffer.from(script), page.subarray(end)]);
    }
    const kept = Math.max(0, page.length - (BODY_END.length - 1));
    held = page.subarray(kept);
    return page.subarray(0, kept);
  };

  return {
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      if (stage === "done") return callback(null, chunk);
      const page = held ? Buffer.concat([held, chunk]) : chunk;
      held = undefined;
      callback(null, stage === "head" ? passHead(page) : passBody(page));
    },
    flush(callback: TransformCallback) {
      callback(null, held);
    },
  };
}
