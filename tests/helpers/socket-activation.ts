import { spawn } from "node:child_process";
import net from "node:net";
import { repoRoot } from "./run-script";
import { serverCommand, serverEnv } from "./server-process";
import { waitFor } from "./wait-for";

/**
 * What systemd does with deploy/wickshop.socket and wickshop.service: a shell
 * holds the listening socket (fd 3) without ever accepting on it, and starts
 * the shop with it as systemd would (LISTEN_FDS, and LISTEN_PID naming the
 * shop's own process). "start" starts the shop, "stop" sends it SIGTERM and
 * waits for its exit, as `systemctl restart` does one after the other.
 */
const SUPERVISOR = `
while read -r command; do
  case "$command" in
    start) LISTEN_FDS=1 bash -c 'export LISTEN_PID=$$; exec "$@"' shop "$@" & shop=$! ;;
    stop) kill -TERM "$shop"; wait "$shop"; echo "exited $?" ;;
  esac
done`;

export interface SocketActivatedShop {
  port: number;
  /** Starts the shop and waits until it serves. */
  start: () => Promise<void>;
  /** SIGTERM, then the exit code once the shop has ended. */
  stop: () => Promise<number>;
  output: () => string;
  /** Stops the shop if it runs, and lets go of the socket. */
  close: () => Promise<void>;
}

/** The compiled shop behind a socket held for it on `port` of 127.0.0.1, with `env` as startServerProcess gives it. */
export async function socketActivatedShop(
  env: Record<string, string | undefined>,
  port: number,
): Promise<SocketActivatedShop> {
  const socket = net.createServer();
  await new Promise<void>((resolve, reject) => socket.once("error", reject).listen(port, "127.0.0.1", resolve));
  // The listening socket's descriptor, handed down as the child's fd 3 (Node has no public name for it).
  const fd = (socket as unknown as { _handle: { fd: number } })._handle.fd;
  const supervisor = spawn("bash", ["-c", SUPERVISOR, "supervisor", ...serverCommand], {
    cwd: repoRoot,
    env: serverEnv(env),
    stdio: ["pipe", "pipe", "pipe", fd],
  });
  // From here on only the supervisor and the shops it starts hold the socket: this process never accepts on it.
  socket.close();
  let output = "";
  supervisor.stdout!.on("data", (chunk) => (output += chunk));
  supervisor.stderr!.on("data", (chunk) => (output += chunk));
  const ended = new Promise<void>((resolve) => supervisor.once("exit", () => resolve()));
  let running = false;

  const count = (pattern: RegExp) => output.match(pattern)?.length ?? 0;
  const start = async () => {
    const opened = count(/Wickshop is open at/g);
    supervisor.stdin!.write("start\n");
    running = true;
    await waitFor(() => count(/Wickshop is open at/g) > opened, { timeoutMs: 60_000, what: "the shop to start" });
  };
  const stop = async () => {
    const exits = count(/^exited \d+$/gm);
    supervisor.stdin!.write("stop\n");
    await waitFor(() => count(/^exited \d+$/gm) > exits, { timeoutMs: 30_000, what: "the shop to exit" });
    running = false;
    return Number([...output.matchAll(/^exited (\d+)$/gm)].at(-1)![1]);
  };
  return {
    port,
    start,
    stop,
    output: () => output,
    close: async () => {
      if (running) await stop();
      supervisor.stdin!.end();
      await ended;
    },
  };
}
