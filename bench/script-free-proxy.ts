import http from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * "The floor": the shop's pages with every script taken out, as the fastest
 * a page can paint with the same HTML, style sheet and photos. A proxy on
 * loopback in front of the shop passes every answer through as it is, except
 * HTML: that is decoded, stripped of its `<script>` elements and its
 * `<link rel="modulepreload">` hints, and encoded again as the shop sent it
 * (brotli at the page cache's quality, or gzip), so both sides cost the same
 * bytes on the wire but for the scripts.
 */
export interface ScriptFreeProxy {
  url: string;
  stop: () => Promise<void>;
}

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/gi;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/gi;

export const withoutScripts = (html: string) => html.replace(SCRIPT, "").replace(MODULE_PRELOAD, "");

const codecs: Record<
  string,
  { decode: (bytes: Buffer) => Promise<Buffer>; encode: (bytes: Buffer) => Promise<Buffer> }
> = {
  br: {
    decode: promisify(zlib.brotliDecompress),
    encode: (bytes) =>
      promisify(zlib.brotliCompress)(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
  },
  gzip: { decode: promisify(zlib.gunzip), encode: (bytes) => promisify(zlib.gzip)(bytes, { level: 9 }) },
  identity: { decode: async (bytes) => bytes, encode: async (bytes) => bytes },
};

function readAll(stream: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

async function scriptFreeAnswer(answer: http.IncomingMessage, res: http.ServerResponse) {
  const codec = codecs[answer.headers["content-encoding"] ?? "identity"];
  if (!codec)
    throw new Error(`the shop answered in ${answer.headers["content-encoding"]}, which the floor cannot read`);
  const html = (await codec.decode(await readAll(answer))).toString("utf8");
  const body = await codec.encode(Buffer.from(withoutScripts(html)));
  const headers = { ...answer.headers, "content-length": String(body.length) };
  // The stripped page is another page: no validator of the shop's may be reused for it.
  delete headers.etag;
  delete headers["transfer-encoding"];
  res.writeHead(answer.statusCode ?? 502, headers).end(body);
}

/** Starts the floor's proxy for `shopUrl` on a free loopback port. */
export async function startScriptFreeProxy(shopUrl: string): Promise<ScriptFreeProxy> {
  const shop = new URL(shopUrl);
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers, host: shop.host };
    const forward = http.request(
      { host: shop.hostname, port: shop.port, method: req.method, path: req.url, headers },
      (answer) => {
        const isPage = answer.statusCode === 200 && answer.headers["content-type"]?.startsWith("text/html");
        if (!isPage || req.method === "HEAD") {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        scriptFreeAnswer(answer, res).catch((error: unknown) =>
          res.writeHead(502).end(error instanceof Error ? error.message : String(error)),
        );
      },
    );
    forward.on("error", (error) => res.writeHead(502).end(error.message));
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
