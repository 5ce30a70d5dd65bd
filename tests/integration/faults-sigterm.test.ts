import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { checkoutBody, openShop, type Shop } from "../helpers/shop-api";
import { orderByNumber, stockOf } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";

const candle = { id: 611, stock: 10 };

/** Whether a new TCP connection to the server's port is refused (nothing listens any more). */
function connectionRefused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

/**
 * A POST whose body the client sends in two parts, when told to. It asks for
 * `100 Continue`, which the server sends once it has the request in hand: from
 * then on the request is in flight in the server, deterministically.
 * The agent keeps connections alive, as browsers do.
 */
function postInTwoParts(url: string, body: string, agent: http.Agent) {
  const half = Math.floor(body.length / 2);
  const request = http.request(url, {
    method: "POST",
    agent,
    headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), Expect: "100-continue" },
  });
  const accepted = new Promise<void>((resolve) => request.once("continue", resolve));
  const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    request.once("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
      response.on("error", reject);
    });
    request.once("error", reject);
  });
  request.flushHeaders();
  return {
    accepted,
    answer,
    sendFirstHalf: () => request.write(body.slice(0, half)),
    sendRest: () => request.end(body.slice(half)),
  };
}

describe(`SIGTERM on ${testEngine}`, () => {
  let shop: Shop | undefined;
  const agent = new http.Agent({ keepAlive: true });
  afterEach(async () => {
    agent.destroy();
    await shop?.close();
    shop = undefined;
  });

  it("lets a checkout in flight finish with its normal answer, refuses new connections meanwhile, and exits 0", async () => {
    shop = await openShop({ Wax: [candle] });
    const body = JSON.stringify(checkoutBody([{ id: candle.id, quantity: 2 }]));
    const slow = postInTwoParts(`${shop.url}/api/checkout`, body, agent);
    await slow.accepted;
    slow.sendFirstHalf();

    shop.server.child.kill("SIGTERM");
    await waitFor(() => connectionRefused(shop!.url), {
      timeoutMs: 5_000,
      what: "new connections refused after SIGTERM",
    });
    // Still draining: the checkout it holds has not been answered, so the process has not exited.
    expect(shop.server.child.exitCode).toBeNull();

    slow.sendRest();
    const answer = await slow.answer;
    expect(answer.status).toBe(201);
    const placed = JSON.parse(answer.body) as { order: { number: string; status: string } };
    expect(placed.order.status).toBe("pending_payment");

    // A keep-alive client is told to take its next request elsewhere.
    expect(answer.headers.connection).toBe("close");
    expect(await shop.server.exited).toBe(0);
    const order = await orderByNumber(shop.db, placed.order.number);
    expect(order.items.map(({ product_id, quantity }) => ({ product_id, quantity }))).toEqual([
      { product_id: candle.id, quantity: 2 },
    ]);
    expect(await stockOf(shop.db, candle.id)).toBe(candle.stock - 2);
  });
});
