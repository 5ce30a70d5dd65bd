import type http from "node:http";

/**
 * GET /readyz, what a load balancer's health check asks (deploy/Caddyfile's
 * `health_uri`): 200 while this process takes new requests, 503 once it is
 * stopping. It reads no database, so it costs nothing at one check a second,
 * and a database outage still reaches the shop's own outage page.
 */
export function readiness() {
  let stopping = false;
  /** Answers the request if it is the check, and says whether it did. */
  const answer = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url !== "/readyz" || (req.method !== "GET" && req.method !== "HEAD")) return false;
    res.writeHead(stopping ? 503 : 200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end(JSON.stringify({ status: stopping ? "stopping" : "ready" }));
    return true;
  };
  return {
    answer,
    stop: () => {
      stopping = true;
    },
  };
}
