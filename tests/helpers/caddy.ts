import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { requiredProgram } from "./missing-program";
import { repoRoot } from "./run-script";
import { waitFor } from "./wait-for";

/** The Caddyfile docs/running-a-shop.md's "Putting it online" installs, as shipped. */
export const shippedCaddyfile = path.join(repoRoot, "deploy/Caddyfile");

const caddy = requiredProgram("caddy");

/** Why the Caddy suites skip, or undefined when `caddy` is on PATH (`.ci/run` installs it). */
export const caddyMissing = caddy.missing;

/** A Caddy suite's title; where it is skipped, it says so and why, in the title and in the output. */
export const caddySuite = caddy.title;

export interface Caddy {
  /** https://localhost:port, the shop's PUBLIC_URL behind this Caddy. */
  httpsUrl: string;
  httpUrl: string;
  /** The root of Caddy's internal CA, for clients that check the certificate. */
  ca: () => Buffer;
  output: () => string;
  /** The access log's lines (deploy/Caddyfile's `log`), as JSON. */
  accessLog: () => Record<string, unknown>[];
  /** What Caddy logged as errors (a 502's cause), one line each. */
  errors: () => string;
  stop: () => Promise<void>;
}

/** A port nothing listens on now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once("error", reject);
  });
}

/**
 * The shipped Caddyfile with what only a test needs: loopback only, a
 * certificate from Caddy's own CA (which it must not install into this
 * machine's trust store). Everything else comes through its placeholders.
 */
export function testCaddyfile(shipped: string): string {
  const adapted = shipped
    .replace(/^\{\n/m, "{\n\tdefault_bind 127.0.0.1\n\tskip_install_trust\n")
    .replace(/^\{\$SITE\} \{\n/m, "$&\ttls internal\n");
  if (adapted.split("\n").length !== shipped.split("\n").length + 3) {
    throw new Error("deploy/Caddyfile no longer starts with a global options block and a `{$SITE} {` site");
  }
  return adapted;
}

/**
 * Starts Caddy from deploy/Caddyfile in front of the shop on `shopPorts` (one
 * process, or several taken in turn), on free loopback ports, and waits until it serves.
 */
export async function startCaddy(...shopPorts: number[]): Promise<Caddy> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-caddy-"));
  const config = path.join(home, "Caddyfile");
  const accessLog = path.join(home, "access.log");
  fs.writeFileSync(config, testCaddyfile(fs.readFileSync(shippedCaddyfile, "utf8")));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const child: ChildProcess = spawn("caddy", ["run", "--adapter", "caddyfile", "--config", config], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: path.join(home, "data"),
      XDG_CONFIG_HOME: path.join(home, "config"),
      SITE: "localhost",
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(httpsPort),
      SHOP_UPSTREAMS: shopPorts.map((port) => `127.0.0.1:${port}`).join(" "),
      CADDY_ADMIN: "off",
      ACCESS_LOG: accessLog,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    fs.rmSync(home, { recursive: true, force: true });
  };
  const root = path.join(home, "data/caddy/pki/authorities/local/root.crt");
  try {
    await waitFor(() => child.exitCode !== null || /serving initial configuration/.test(output), {
      timeoutMs: 15_000,
      what: "Caddy to serve",
    });
    if (child.exitCode !== null) throw new Error(`caddy exited with ${child.exitCode}:\n${output}`);
    await waitFor(() => fs.existsSync(root), { timeoutMs: 15_000, what: "Caddy's internal CA" });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    httpsUrl: `https://localhost:${httpsPort}`,
    httpUrl: `http://localhost:${httpPort}`,
    ca: () => fs.readFileSync(root),
    output: () => output,
    accessLog: () =>
      fs
        .readFileSync(accessLog, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    errors: () =>
      output
        .split("\n")
        .filter((line) => line.includes('"level":"error"'))
        .join("\n"),
    stop,
  };
}
