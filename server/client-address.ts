import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";
import type { Config } from "~/.server/config";

/**
 * The client's address as Express's `req.ip` gives it (X-Forwarded-For only
 * from a proxy TRUST_PROXY names), also for the requests the page cache
 * answers before Express sees them, so that every request line names its client.
 */
export function clientAddressOf(trustProxy: Config["trustProxy"]) {
  const trust =
    typeof trustProxy === "number"
      ? (_address: string, hop: number) => hop < trustProxy
      : typeof trustProxy === "boolean"
        ? () => trustProxy
        : proxyaddr.compile(trustProxy);
  // A request whose connection is already gone has no address: proxy-addr would throw.
  return (req: IncomingMessage) => (req.socket.remoteAddress === undefined ? "unknown" : proxyaddr(req, trust));
}
