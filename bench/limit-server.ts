/**
 * "The limit": a bare Node `http` server doing only the unavoidable part of
 * what the shop does, run as its own process like the shop. Started by
 * bench/limits.ts with one JSON argument:
 *
 *   { "kind": "pages", "file": F }                       replays the shop's captured responses, byte for byte
 *   { "kind": "checkout", "engine": "sqlite", "file": F } reserves stock in its own SQLite copy of the schema
 *   { "kind": "checkout", "engine": "postgres", "url": U } … or its own PostgreSQL schema
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createCheckoutStore, type CheckoutStore, type Reservation } from "./limit-checkout";

export interface CapturedResponse {
  path: string;
  status: number;
  headers: [string, string][];
  bodyBase64: string;
}

export type LimitConfig =
  | { kind: "pages"; file: string }
  | { kind: "checkout"; engine: "sqlite"; file: string }
  | { kind: "checkout"; engine: "postgres"; url: string };

function pagesHandler(file: string): http.RequestListener {
  const captured = JSON.parse(fs.readFileSync(file, "utf8")) as CapturedResponse[];
  const byPath = new Map(
    captured.map((response) => {
      const body = Buffer.from(response.bodyBase64, "base64");
      return [
        response.path,
        { status: response.status, headers: [...response.headers, ["content-length", String(body.length)]], body },
      ];
    }),
  );
  return (req, res) => {
    const page = byPath.get(req.url ?? "");
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(page.status, page.headers.flat());
    res.end(page.body);
  };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

function checkoutHandler(store: CheckoutStore): http.RequestListener {
  return async (req, res) => {
    if (req.method !== "POST" || req.url !== "/api/checkout")
      return sendJson(res, 404, { error: { code: "not_found" } });
    let reservation: Reservation;
    try {
      reservation = JSON.parse(await readBody(req)) as Reservation;
    } catch {
      return sendJson(res, 400, { error: { code: "invalid_json" } });
    }
    try {
      const order = await store.reserve(reservation);
      if (!order) return sendJson(res, 409, { error: { code: "insufficient_stock" } });
      sendJson(res, 201, { order: { ...order, status: "pending_payment" }, payment: { provider: "test" } });
    } catch (error) {
      sendJson(res, 500, { error: { code: "internal", message: String(error) } });
    }
  };
}

const config = JSON.parse(process.argv[2] ?? "null") as LimitConfig;
const handler = config.kind === "pages" ? pagesHandler(config.file) : checkoutHandler(createCheckoutStore(config));
const server = http.createServer(handler);
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`Limit server at http://127.0.0.1:${port}\n`);
});
process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
