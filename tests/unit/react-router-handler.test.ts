import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { writeAnswer } from "../../server/react-router-handler";
import { waitFor } from "../helpers/wait-for";

const MiB = 1024 * 1024;

/** A body of `chunks` chunks of 1 MiB, each made when asked for (as a CSV export reads a batch); `pulled` counts them. */
function megabytes(chunks: number) {
  const source = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (source.pulled === chunks) return controller.close();
      source.pulled++;
      controller.enqueue(new Uint8Array(MiB).fill(source.pulled % 256));
    },
    cancel() {
      source.cancelled = true;
    },
  });
  return { source, body };
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A loopback server whose one route writes the answer `answerOf` makes. */
async function serving(answerOf: () => Response, options: { compress?: boolean } = {}) {
  const app = express();
  if (options.compress) app.use(compression());
  app.get("/", (_req, res, next) => void writeAnswer(answerOf(), res).catch(next));
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** GET `url` with the response left unread: the test reads it (or not). */
const get = (url: string, headers: http.OutgoingHttpHeaders = {}) =>
  new Promise<http.IncomingMessage>((resolve, reject) => http.get(url, { headers }, resolve).on("error", reject));

describe("writeAnswer, React Router's answer written to Express's response", () => {
  it("holds no more than a few chunks of a long download, however long it is", async () => {
    const chunks = 256;
    const url = await serving(() => new Response(megabytes(chunks).body));
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 5);
    let received = 0;
    try {
      const answer = await get(url);
      for await (const chunk of answer) received += (chunk as Buffer).length;
    } finally {
      clearInterval(sampler);
    }
    expect(received).toBe(chunks * MiB);
    // React Router 7's own writer kept every chunk until the last: all 256 MiB.
    expect(peak).toBeLessThan(128 * MiB);
  });

  it("reads no further ahead than the socket takes while the client does not read", async () => {
    const { source, body } = megabytes(64);
    const url = await serving(() => new Response(body));
    const answer = await get(url);
    answer.pause();
    let seen = -1;
    await waitFor(
      async () => {
        const settled = source.pulled === seen && source.pulled > 0;
        seen = source.pulled;
        return settled;
      },
      { intervalMs: 100, what: "the writer to stop reading" },
    );
    expect(source.pulled).toBeLessThan(16);
    let received = 0;
    answer.resume();
    for await (const chunk of answer) received += (chunk as Buffer).length;
    expect(received).toBe(64 * MiB);
  });

  it("cancels the body when the client goes away, and goes on answering others", async () => {
    const { source, body } = megabytes(64);
    let first = true;
    const url = await serving(() => (first ? ((first = false), new Response(body)) : new Response("still here")));
    const answer = await get(url);
    await new Promise((resolve) => answer.once("data", resolve));
    answer.destroy();
    await waitFor(() => source.cancelled, { what: "the body to be cancelled" });
    expect(source.pulled).toBeLessThan(64);
    const next = await fetch(url);
    expect(await next.text()).toBe("still here");
  });

  it("sends each chunk through compression as it is written, not when the body ends", async () => {
    let finish!: () => void;
    const rest = new Promise<void>((resolve) => (finish = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode("<p>the page's start</p>"));
        await rest;
        controller.enqueue(new TextEncoder().encode("<p>the slow part</p>"));
        controller.close();
      },
    });
    const url = await serving(() => new Response(body, { headers: { "Content-Type": "text/html" } }), {
      compress: true,
    });
    const answer = await get(url, { "Accept-Encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    const unzipped = answer.pipe(zlib.createGunzip());
    const start = await new Promise<string>((resolve) =>
      unzipped.once("data", (chunk: Buffer) => resolve(chunk.toString())),
    );
    expect(start).toBe("<p>the page's start</p>");
    finish();
    let end = "";
    for await (const chunk of unzipped) end += (chunk as Buffer).toString();
    expect(end).toBe("<p>the slow part</p>");
  });

  it("waits for the socket through compression without piling up drain listeners", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => void warnings.push(warning.name);
    process.on("warning", onWarning);
    try {
      // Random bytes do not compress: every chunk fills gzip's buffer and the writer waits for it.
      const chunks = 24;
      let made = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (made++ === chunks) return controller.close();
          controller.enqueue(randomBytes(MiB));
        },
      });
      const url = await serving(() => new Response(body, { headers: { "Content-Type": "application/octet-stream" } }), {
        compress: true,
      });
      const answer = await get(url, { "Accept-Encoding": "gzip" });
      expect(answer.headers["content-encoding"]).toBe("gzip");
      let received = 0;
      for await (const chunk of answer.pipe(zlib.createGunzip())) received += (chunk as Buffer).length;
      expect(received).toBe(chunks * MiB);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("keeps the answer's status and every header, each cookie its own Set-Cookie", async () => {
    const headers = new Headers({ "Content-Type": "text/plain", "X-Answer": "yes" });
    headers.append("Set-Cookie", "a=1; Path=/");
    headers.append("Set-Cookie", "b=2; Path=/");
    const url = await serving(() => new Response(null, { status: 404, statusText: "Nowhere", headers }));
    const answer = await get(url);
    expect(answer.statusCode).toBe(404);
    expect(answer.statusMessage).toBe("Nowhere");
    expect(answer.headers["x-answer"]).toBe("yes");
    expect(answer.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    answer.resume();
  });
});
