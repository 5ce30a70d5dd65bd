import http from "node:http";
import type { AddressInfo } from "node:net";

export interface EmailjsRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: Record<string, unknown> | undefined;
  raw: string;
  /** The status the stand-in answered with. */
  status: number;
}

/**
 * A local HTTP stand-in for EmailJS's REST API on 127.0.0.1: records every
 * request and answers 200 "OK" as EmailJS does, or `failNext` errors first.
 */
export async function startEmailjsStandIn() {
  const requests: EmailjsRequest[] = [];
  let toFail = 0;
  let failStatus = 500;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      let json: Record<string, unknown> | undefined;
      try {
        json = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        json = undefined;
      }
      const failing = toFail > 0;
      if (failing) toFail--;
      const status = failing ? failStatus : 200;
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, json, raw, status });
      res.writeHead(status, { "Content-Type": "text/plain" });
      res.end(failing ? "The service is temporarily unavailable" : "OK");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Answer the next `count` requests with `status` instead of 200. */
    failNext(count: number, status = 500) {
      toFail = count;
      failStatus = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type EmailjsStandIn = Awaited<ReturnType<typeof startEmailjsStandIn>>;
