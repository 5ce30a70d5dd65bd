import path from "node:path";
import fs from "node:fs";
import { COMPILED_SERVER, SERVER_ENV, SERVER_NODE_FLAGS } from "../scripts/server-command";
import { type NodeProcess, startNodeProcess } from "./process";

/** The highest per-address checkout limit app/.server/config.ts allows (per reservation period). */
export const CHECKOUTS_PER_ADDRESS = 100_000;

/** The per-address limits of app/.server/config.ts lifted to their maximum: every bench request comes from 127.0.0.1. */
export const liftedLimits = {
  CHECKOUT_ATTEMPTS_PER_IP: String(CHECKOUTS_PER_ADDRESS),
  UNITS_HELD_PER_IP: "1000000",
  PAYMENT_ATTEMPTS_PER_IP: "100000",
  AUTH_ATTEMPTS_PER_IP: "100000",
  DISCOUNT_ATTEMPTS_PER_IP: "100000",
};

/**
 * The shop's production defaults, whatever a developer's `.env` says (the
 * server reads it but never overrides a variable that is set, even to ""):
 * test gateway, email as files, request logs at info.
 */
export const productionDefaults = {
  NODE_ENV: "production",
  LOG_LEVEL: "info",
  PUBLIC_URL: "",
  TRUST_PROXY: "",
  STRIPE_SECRET_KEY: "",
  STRIPE_PUBLISHABLE_KEY: "",
  STRIPE_WEBHOOK_SECRET: "",
  SMTP_URL: "",
  EMAILJS_PUBLIC_KEY: "",
  EMAILJS_PRIVATE_KEY: "",
  EMAILJS_SERVICE_ID: "",
  EMAILJS_TEMPLATE_ID: "",
  GOOGLE_CLIENT_ID: "",
  GOOGLE_CLIENT_SECRET: "",
  GOOGLE_DISCOVERY_URL: "",
};

/** Where a shop process keeps its data: a fresh folder, and a PostgreSQL database when `databaseUrl` is set. */
export interface ShopData {
  dataDir: string;
  databaseUrl?: string;
}

export const shopEnv = (data: ShopData) => ({
  ...productionDefaults,
  DATA_DIR: data.dataDir,
  DATABASE_URL: data.databaseUrl ?? "",
  // A snapshot at start would run its child process during the measured load.
  BACKUP_EVERY_HOURS: "0",
});

export interface ShopServer extends NodeProcess {
  /** Resident memory from /proc and what the process last reported of V8's heap and the buffers outside it, in bytes. */
  memory: () => { rss: number } & Partial<HeapReport>;
}

function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (!kilobytes) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kilobytes) * 1024;
}

/** What bench/memory-probe.js reports each second. */
interface HeapReport {
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** Starts the compiled server, as `npm start` and a process manager run it, on a free loopback port. */
export async function startShop(data: ShopData): Promise<ShopServer> {
  const server = await startNodeProcess({
    entry: COMPILED_SERVER,
    nodeArgs: [...SERVER_NODE_FLAGS, "--import", path.join(import.meta.dirname, "memory-probe.js")],
    env: { ...shopEnv(data), ...SERVER_ENV, ...liftedLimits, HOST: "127.0.0.1", PORT: "0" },
    logFile: path.join(data.dataDir, "server.log"),
    ready: /Wickshop is open at (http:\/\/\S+)/,
    ipc: true,
  });
  let heap: HeapReport | undefined;
  server.child.on("message", (message: HeapReport) => (heap = message));
  return { ...server, memory: () => ({ rss: residentBytes(server.pid), ...heap }) };
}
