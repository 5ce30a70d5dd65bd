/**
 * JSON API plumbing: DESIGN.md's error shape, bounded body reading, and the
 * answers every endpoint shares. The answers the checkout shares are plain
 * `JsonAnswer`s: Express sends the checkout's without a web Response
 * (server/checkout-route.ts), and route modules make one with `toResponse`.
 */

import { fieldErrors } from "~/lib/zod";

/** Stock changes with every order: API answers are never cached. */
export const noStore = { "Cache-Control": "no-store" };

export interface ApiErrorBody {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

/** An answer before it is a web Response. */
export interface JsonAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}): JsonAnswer => ({
  status,
  body,
  headers: { ...noStore, ...headers },
});

export const errorAnswer = (
  status: number,
  error: ApiErrorBody,
  init: { headers?: Record<string, string>; extra?: object } = {},
) => jsonAnswer(status, { error, ...init.extra }, init.headers);

export const toResponse = ({ status, headers, body }: JsonAnswer) => Response.json(body, { status, headers });

export const jsonError = (...args: Parameters<typeof errorAnswer>) => toResponse(errorAnswer(...args));

/** An abuse limit was reached: 429 with a plain message and when to try again. */
export const tooManyAttempts = (message: string, retryAfterSeconds: number) =>
  errorAnswer(429, { code: "too_many_attempts", message }, { headers: { "Retry-After": String(retryAfterSeconds) } });

/** Enough for the largest cart the schema accepts. */
const MAX_BODY_BYTES = 64 * 1024;

export type Body<Value> = { ok: true; value: Value } | { ok: false; answer: JsonAnswer };

/** What reading a JSON call needs of its request: a web Request, or Node's request with its headers. */
export interface JsonRequest {
  headers: Headers;
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null;
}

/**
 * How much of a refused body is read (and dropped) before answering. A client
 * reads the answer only once it has sent its body: closing on it mid-send
 * resets the connection and it sees an error instead of the 413.
 */
export const REFUSED_BODY_DRAIN_BYTES = 8 * 1024 * 1024;

/** Reads a request body of at most `maxBytes`, whether or not it states its length; a longer one is a 413. */
export async function readBoundedBody(request: JsonRequest, maxBytes: number): Promise<Body<string>> {
  const chunks: Uint8Array[] = [];
  let size = Number(request.headers.get("content-length") ?? 0) > REFUSED_BODY_DRAIN_BYTES ? Infinity : 0;
  if (request.body && size <= maxBytes) {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > REFUSED_BODY_DRAIN_BYTES) break;
      if (size <= maxBytes) chunks.push(chunk);
    }
  }
  if (size <= maxBytes) return { ok: true, value: Buffer.concat(chunks).toString("utf8") };
  // What is left unread cannot be followed by another request on this connection:
  // without `Connection: close` the client would reuse it and see its next request reset.
  return {
    ok: false,
    answer: errorAnswer(
      413,
      { code: "body_too_large", message: `The body must be at most ${maxBytes} bytes.` },
      { headers: { Connection: "close" } },
    ),
  };
}

/** Reads a JSON request body of bounded size; anything else is a clear 4xx. */
export async function readJsonBody(request: JsonRequest, maxBytes = MAX_BODY_BYTES): Promise<Body<unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    return {
      ok: false,
      answer: errorAnswer(415, { code: "unsupported_media_type", message: "Send the body as application/json." }),
    };
  }
  const text = await readBoundedBody(request, maxBytes);
  if (!text.ok) return text;
  try {
    return { ok: true, value: JSON.parse(text.value) };
  } catch {
    return { ok: false, answer: errorAnswer(400, { code: "invalid_json", message: "The body is not valid JSON." }) };
  }
}

/** A body the endpoint's schema refuses: 400 with the first message, and one per field. */
export function invalidRequest(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) {
  const fields = fieldErrors(error.issues);
  return errorAnswer(400, { code: "invalid_request", message: Object.values(fields)[0]!, fields });
}

export const orderNotFound = () => jsonError(404, { code: "order_not_found", message: "There is no such order." });

/** The order's reservation is over: the shopper must check out afresh. */
export const orderExpired = () =>
  errorAnswer(409, { code: "order_expired", message: "Your reservation has expired. Please check out again." });

export const methodNotAllowed = () =>
  jsonError(405, { code: "method_not_allowed", message: "Use POST." }, { headers: { Allow: "POST" } });

/** Long enough for a restarted database or a released lock; short enough that a shopper's retry soon works. */
const RETRY_AFTER_SECONDS = 5;

export const serviceUnavailable = () =>
  jsonError(
    503,
    { code: "unavailable", message: "The shop cannot reach its database right now. Please try again in a moment." },
    { headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } },
  );
