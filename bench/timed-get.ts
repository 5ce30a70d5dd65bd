import http from "node:http";
import { ACCEPT_ENCODING } from "./load";

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface TimedAnswer {
  status: number;
  /** From sending the request to its first byte of body, and to its last. */
  firstByteMs: number;
  totalMs: number;
  /** On the wire (compressed as a browser would get it). */
  bytes: number;
}

/**
 * One GET as a browser sends it (its Accept-Encoding, the cookies given),
 * timed to the first and the last byte. Rejects when the connection fails
 * or no answer is complete within `timeoutMs`.
 */
export function timedGet(
  url: string,
  options: { cookie?: string; timeoutMs: number; onFirstByte?: () => void },
): Promise<TimedAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "accept-encoding": ACCEPT_ENCODING, accept: "text/html,*/*" };
    if (options.cookie) headers.cookie = options.cookie;
    const request = http.get(url, { agent, headers, timeout: options.timeoutMs }, (response) => {
      let firstByteMs: number | undefined;
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        if (firstByteMs === undefined) {
          firstByteMs = performance.now() - started;
          options.onFirstByte?.();
        }
        bytes += chunk.length;
      });
      response.on("end", () => {
        const totalMs = performance.now() - started;
        resolve({ status: response.statusCode ?? 0, firstByteMs: firstByteMs ?? totalMs, totalMs, bytes });
      });
      response.on("error", reject);
      // A response cut off mid-body (the server died) ends with "aborted", not "end".
      response.on("aborted", () => reject(new Error(`the answer was cut off after ${bytes} bytes`)));
    });
    const deadline = setTimeout(
      () => request.destroy(new Error(`no complete answer within ${options.timeoutMs / 1000} s`)),
      options.timeoutMs,
    );
    request.on("close", () => clearTimeout(deadline));
    request.on("timeout", () => request.destroy(new Error(`no answer within ${options.timeoutMs / 1000} s`)));
    request.on("error", reject);
  });
}

/** The value at rank ⌈p·n⌉ of the sorted values: a time that was really measured. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) throw new Error("percentile of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}
