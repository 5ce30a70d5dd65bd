import type http from "node:http";

/**
 * Graceful shutdown for keep-alive clients: once draining, every response
 * ends its connection (`Connection: close` when its headers are still to be
 * written), so no client holds the process open or sends more requests to it.
 */
export function connectionDrainer() {
  const answering = new Set<http.ServerResponse>();
  let server: http.Server | undefined;
  /** Called first for every request, before the page cache and Express. */
  const track = (res: http.ServerResponse) => {
    answering.add(res);
    res.once("close", () => {
      answering.delete(res);
      server?.closeIdleConnections();
    });
    if (server) res.setHeader("Connection", "close");
  };
  const drain = (listening: http.Server) => {
    server = listening;
    for (const res of answering) if (!res.headersSent) res.setHeader("Connection", "close");
    server.closeIdleConnections();
  };
  return { track, drain };
}
