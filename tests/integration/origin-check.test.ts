import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Shop, checkoutBody, openShop } from "../helpers/shop-api";
import { shopState } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

describe(`cross-site requests on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ Wax: [{ id: 1001, stock: 3 }] });
  });
  afterAll(() => shop.close());

  const post = (path: string, origin: string | undefined, body: string, type = "application/json") =>
    fetch(`${shop.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": type, ...(origin === undefined ? {} : { Origin: origin }) },
      body,
    });

  it("refuses a state-changing request from another site, changing nothing", async () => {
    const before = await shopState(shop.db);
    const body = JSON.stringify(checkoutBody([{ id: 1001, quantity: 1 }]));
    for (const origin of ["https://evil.example", "null", "http://127.0.0.1.evil.example"]) {
      const answer = await post("/api/checkout", origin, body);
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({
        error: { code: "cross_origin", message: "This request came from another site and was refused." },
      });
    }
    const signUp = await post(
      "/auth",
      "https://evil.example",
      "intent=sign-up&displayName=Eve&email=eve@example.com&password=password1&confirmPassword=password1",
      "application/x-www-form-urlencoded",
    );
    expect(signUp.status).toBe(403);
    expect(await shopState(shop.db)).toEqual(before);
    expect(await shop.db.selectFrom("user").select("email").execute()).toEqual([]);
  });

  it("accepts the shop's own pages and clients that send no Origin", async () => {
    const own = await post("/api/checkout", shop.url, JSON.stringify(checkoutBody([{ id: 1001, quantity: 1 }])));
    expect(own.status).toBe(201);
    const script = await post("/api/checkout", undefined, JSON.stringify(checkoutBody([{ id: 1001, quantity: 1 }])));
    expect(script.status).toBe(201);
  });

  it("lets reads through from anywhere", async () => {
    const answer = await fetch(`${shop.url}/api/catalog`, { headers: { Origin: "https://evil.example" } });
    expect(answer.status).toBe(200);
  });
});
