import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  MODULE_AFTER_PHOTO,
  PHOTO_HEAD_START_MS,
  photoFirstPage,
  photoFirstStream,
} from "../../app/.server/render/photo-first";

const PHOTO = '<link rel="preload" as="image" imageSrcSet="/images/a-400.webp 400w" fetchPriority="high"/>';
const MODULES = ["/assets/entry.client-A.js", "/assets/framework-B.js", "/assets/product-C.js"];
const PRELOADS = MODULES.map((href) => `<link rel="modulepreload" href="${href}" nonce="n0nce"/>`).join("");
const ROUTES = 'import * as route0 from "/assets/root-D.js";\nimport("/assets/entry.client-A.js");';
/** A page as React Router writes it: the hints in the head, its module script at the body's end, a stream after. */
const page = (photo: string) =>
  `<!DOCTYPE html><html><head><meta charSet="utf-8"/>${photo}<title>Lavender · Shop</title>${PRELOADS}</head>` +
  `<body><main><p>Lavender — 19,99 €</p></main><script nonce="n0nce">window.__context = {};</script>` +
  `<script nonce="n0nce" type="module" async="">${ROUTES}</script>`;
const STREAMED = '<script nonce="n0nce">window.__context.stream.close();</script></body></html>';

/** The inline scripts of some HTML, as [attributes, text]. */
const scriptsOf = (html: string) =>
  [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map((match) => [match[1]!, match[2]!] as const);

describe("a browsing page, photo first", () => {
  const changed = photoFirstPage(page(PHOTO), "n0nce");

  it("hints no module in a head that preloads a photo, and starts them all from one script in their place", () => {
    expect(changed).not.toContain('<link rel="modulepreload"');
    const [starter, ...rest] = scriptsOf(changed);
    expect(starter![0]).toBe(' nonce="n0nce"');
    // The modules, in React Router's order, the head start and the inert type, as the call's arguments.
    const call = `(${JSON.stringify(MODULES)},${PHOTO_HEAD_START_MS},${JSON.stringify(MODULE_AFTER_PHOTO)})`;
    expect(starter![1].endsWith(call)).toBe(true);
    expect(() => new Function(starter![1])).not.toThrow();
    // Everything else of the head as it was, the starter after the photo's preload.
    expect(changed.indexOf(PHOTO)).toBeLessThan(changed.indexOf(starter![1]));
    expect(changed.replace(`<script nonce="n0nce">${starter![1]}</script>`, "")).toBe(
      page(PHOTO).replace(PRELOADS, "").replace('type="module" async=""', `type="${MODULE_AFTER_PHOTO}"`),
    );
    expect(rest.map(([attributes]) => attributes)).toEqual([
      ' nonce="n0nce"',
      ` nonce="n0nce" type="${MODULE_AFTER_PHOTO}"`,
    ]);
  });

  it("keeps the module script's text as it was, for the starter to run", () => {
    expect(scriptsOf(changed).at(-1)![1]).toBe(ROUTES);
  });

  it("leaves a page without a photo at high priority as it was: the scripts are all it waits for", () => {
    expect(photoFirstPage(page(""), "n0nce")).toBe(page(""));
    const lowPhoto = PHOTO.replace(' fetchPriority="high"', "");
    expect(photoFirstPage(page(lowPhoto), "n0nce")).toBe(page(lowPhoto));
  });

  it("gives the starter no nonce when the response has none", () => {
    expect(scriptsOf(photoFirstPage(page(PHOTO), undefined))[0]![0]).toBe("");
  });
});

describe("the page's stream, photo first", () => {
  const through = (chunks: Buffer[]) => text(Readable.from(chunks).pipe(photoFirstStream("n0nce")));

  it("changes the page however React cuts it into chunks, even inside a character, and passes what follows as it is", async () => {
    const bytes = Buffer.from(page(PHOTO) + STREAMED);
    const expected = photoFirstPage(page(PHOTO), "n0nce") + STREAMED;
    for (const size of [1, 7, 64, bytes.length]) {
      const chunks = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await through(chunks), `chunks of ${size} bytes`).toBe(expected);
    }
  });

  it("passes a page without a module script unchanged", async () => {
    expect(await through([Buffer.from("<p>Back soon — é</p>")])).toBe("<p>Back soon — é</p>");
  });
});
