import http from "node:http";
import https from "node:https";

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it came over the wire, still encoded. */
  body: Buffer;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
  /** The address the client's socket is bound to (127.0.0.2, …): the client address a proxy sees. */
  localAddress?: string;
  /** The CA to check an https server's certificate against. */
  ca?: Buffer;
}

/**
 * One request on a connection of its own, as a client elsewhere on the
 * internet would send it to the proxy: nothing decoded, no redirect followed.
 */
export function rawRequest(url: string, options: RawRequest = {}): Promise<RawAnswer> {
  const { method = "GET", headers = {}, body, localAddress, ca } = options;
  const client = url.startsWith("https:") ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method, headers, localAddress, ca, family: 4, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}
