import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseCatalogFile } from "~/.server/catalog/file";
import { importCatalog } from "~/.server/catalog/import";
import { migrateToLatest, openDatabase } from "~/.server/db";
import type { CatalogDocument } from "./catalog-generator";
import { ACCEPT_ENCODING } from "./load";
import type { CapturedResponse, LimitConfig } from "./limit-server";
import { type NodeProcess, startNodeProcess } from "./process";

/** Per connection or per message, not part of the page: Node's http server sets its own. */
const UNREPLAYED_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/** One GET as a browser sends it, read back undecoded: the bytes the shop put on the wire. */
export function capture(baseUrl: string, pagePath: string): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(baseUrl + pagePath, { headers: { "accept-encoding": ACCEPT_ENCODING } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          if (res.statusCode !== 200) return reject(new Error(`GET ${pagePath} answered ${res.statusCode}`));
          const headers: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i]!;
            if (!UNREPLAYED_HEADERS.has(name.toLowerCase())) headers.push([name, res.rawHeaders[i + 1]!]);
          }
          resolve({
            path: pagePath,
            status: res.statusCode,
            headers,
            bodyBase64: Buffer.concat(chunks).toString("base64"),
          });
        });
      })
      .on("error", reject);
  });
}

function startLimit(config: LimitConfig, dir: string) {
  return startNodeProcess({
    entry: "bench/limit-server.ts",
    args: [JSON.stringify(config)],
    env: {},
    logFile: path.join(dir, `limit-${config.kind}.log`),
    ready: /Limit server at (http:\/\/\S+)/,
  });
}

export interface PageLimit extends NodeProcess {
  /** What the shop answered, per path: its size and encoding. */
  pages: Map<string, { bytes: number; encoding: string }>;
}

/** Captures each page from the shop once, then serves those same bytes from a bare Node server. */
export async function startPageLimit(shopUrl: string, paths: string[], dir: string): Promise<PageLimit> {
  fs.mkdirSync(dir, { recursive: true });
  const captured = [];
  for (const pagePath of paths) captured.push(await capture(shopUrl, pagePath));
  const file = path.join(dir, "pages.json");
  fs.writeFileSync(file, JSON.stringify(captured));
  const server = await startLimit({ kind: "pages", file }, dir);
  const pages = new Map(captured.map((response) => [response.path, sizeOnTheWire(response)]));
  return { ...server, pages };
}

/** A captured answer's value of header `name`, if it has one. */
export const headerOf = (response: CapturedResponse, name: string) =>
  response.headers.find(([header]) => header.toLowerCase() === name)?.[1];

/** A captured answer's size as it went out, and its encoding. */
export const sizeOnTheWire = (response: CapturedResponse) => ({
  bytes: Buffer.from(response.bodyBase64, "base64").length,
  encoding: headerOf(response, "content-encoding") ?? "identity",
});

/**
 * The checkout limit: its own copy of the schema (the shop's migrations) and
 * catalog, on the same engine, behind a bare Node server.
 */
export async function startCheckoutLimit(
  catalog: CatalogDocument[],
  dir: string,
  databaseUrl: string | undefined,
): Promise<NodeProcess> {
  fs.mkdirSync(dir, { recursive: true });
  const dataDir = path.join(dir, "limit-data");
  const { db } = openDatabase({ dataDir, databaseUrl });
  try {
    await migrateToLatest(db);
    await importCatalog(db, parseCatalogFile(catalog), { replace: false });
  } finally {
    await db.destroy();
  }
  const config: LimitConfig = databaseUrl
    ? { kind: "checkout", engine: "postgres", url: databaseUrl }
    : { kind: "checkout", engine: "sqlite", file: path.join(dataDir, "wickshop.sqlite") };
  return startLimit(config, dir);
}
