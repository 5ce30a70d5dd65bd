import { Readable, Transform } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { modulePreloadsAfterPhoto } from "~/.server/module-preloads";

const NONCE = "n0nce";
const PHOTO_PRELOAD =
  '<link rel="preload" as="image" imageSrcSet="/images/a-400.webp 400w, /images/a-800.webp 800w" fetchPriority="high"/>';
const HEAD = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  PHOTO_PRELOAD,
  `<link rel="modulepreload" href="/assets/entry.client-B1RVui4_.js" nonce="${NONCE}"/>`,
  `<link rel="modulepreload" href="/assets/framework-BPcv9hiF.js" nonce="${NONCE}"/>`,
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
  "</head>",
].join("");
const BODY_START = '<body><h1>Crème brûlée</h1><script type="module" async="">import "/assets/root.js";</script>';

/** The page as the transform gives it when React writes it in pieces of `size` bytes. */
async function throughTransform(page: string, size: number) {
  const bytes = Buffer.from(page);
  const pieces = Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) =>
    bytes.subarray(index * size, (index + 1) * size),
  );
  const transform = new Transform(modulePreloadsAfterPhoto(NONCE));
  return (await buffer(Readable.from(pieces).pipe(transform))).toString("utf8");
}

/** The script the transform writes at the end of the body, and the modules it hints, as a browser would run it. */
function hintedModules(page: string) {
  const script = new RegExp(`<script nonce="${NONCE}">([\\s\\S]*?)</script></body>`).exec(page)?.[1];
  if (!script) return undefined;
  const appended: { rel: string; href: string }[] = [];
  const document = {
    querySelector: () => null,
    createElement: () => ({ rel: "", href: "" }),
    head: { append: (link: { rel: string; href: string }) => appended.push(link) },
  };
  new Function("document", script)(document);
  return appended;
}

describe("module preloads after the first photo", () => {
  it.each([1, 7, 64, 4096])(
    "leave the head and come back at the end of the body, in pieces of %i bytes",
    async (size) => {
      const page = await throughTransform(`${HEAD}${BODY_START}</body></html>`, size);
      expect(page.slice(0, page.indexOf("</head>"))).toBe(
        [
          '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
          PHOTO_PRELOAD,
          '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
        ].join(""),
      );
      expect(page).toContain(`</head>${BODY_START}<script nonce="${NONCE}">`);
      expect(page.endsWith("</script></body></html>")).toBe(true);
      // Without a photo on the page, the script hints every module at once.
      expect(hintedModules(page)).toEqual([
        { rel: "modulepreload", href: "/assets/entry.client-B1RVui4_.js" },
        { rel: "modulepreload", href: "/assets/framework-BPcv9hiF.js" },
      ]);
    },
  );

  it("leaves the body as it is but for the script, a module preload in its text included", async () => {
    const body = '<body><p>&lt;link rel="modulepreload"&gt;</p><link rel="modulepreload" href="/x.js"/></body>';
    expect(await throughTransform(`<head></head>${body}`, 5)).toBe(`<head></head>${body}`);
  });

  it("passes a page without a head through whole", async () => {
    expect(await throughTransform("<p>Not found</p>", 3)).toBe("<p>Not found</p>");
  });
});
