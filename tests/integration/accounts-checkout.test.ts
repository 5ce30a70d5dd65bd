// A signed-in shopper's orders and receipts; a guest is billed as Guest.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUp, signOut, usersWithEmail } from "../helpers/accounts";
import { BrowserSession } from "../helpers/browser-session";
import { watchTypedPasswords } from "../helpers/password-watch";
import { cards, checkoutBody, type CheckoutAnswer, pay, type Shop, shipping } from "../helpers/shop-api";
import { orderByNumber, outboxOf } from "../helpers/shop-db";
import { testEngine } from "../helpers/test-database";

const candle = { id: 901, price: 18, stock: 100 };
/** Every password this file types, and every server it typed them at: none may ever log one (checked last). */
const watch = watchTypedPasswords();
const credentials = watch.credentials;
const startShop = (env: Record<string, string> = {}) => watch.openShop({ Wax: [candle] }, env);
const SHOP_EMAIL = "hello@wickshop.example";

describe(`accounts at checkout on ${testEngine}`, () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(() => shop?.close());

  const browser = () => new BrowserSession(shop.url);
  describe("checkout", () => {
    const placeOrder = async (session: BrowserSession, options?: Parameters<typeof checkoutBody>[1]) => {
      const answer = await session.postJson<CheckoutAnswer>(
        "/api/checkout",
        checkoutBody([{ id: candle.id, quantity: 1 }], options),
      );
      expect(answer.status).toBe(201);
      return {
        ...(await orderByNumber(shop.db, answer.body.order!.number)),
        accessToken: answer.body.order!.accessToken,
      };
    };

    it("links a signed-in shopper's order to them; the receipt goes to the account email", async () => {
      const shopper = browser();
      const typed = await signedUp(shopper, credentials("Eve Candlewick"));
      const [user] = await usersWithEmail(shop.db, typed.email);

      const order = await placeOrder(shopper);
      expect(order).toMatchObject({
        user_id: user!.id,
        customer_name: "Eve Candlewick",
        email: typed.email,
        shipping_name: shipping.name,
      });

      const paid = await pay(shop, order, cards.success);
      expect(paid.status).toBe(200);
      expect(paid.body.order?.thankYouName).toBe("Eve Candlewick");
      expect(await outboxOf(shop.db, order.id)).toEqual([
        { kind: "order_notification", to: SHOP_EMAIL },
        { kind: "order_receipt", to: typed.email },
      ]);
    });

    it("sends the receipt to the shipping email when the signed-in shopper gives one", async () => {
      const shopper = browser();
      await signedUp(shopper, credentials("Flo Pillar"));

      const order = await placeOrder(shopper, { shipping: { email: "gift@example.com" } });
      expect(order).toMatchObject({ customer_name: "Flo Pillar", email: "gift@example.com" });
    });

    it("bills a guest as Guest with no user, and thanks them by the shipping name", async () => {
      const order = await placeOrder(browser());
      expect(order).toMatchObject({ user_id: null, customer_name: "Guest", email: null });

      const paid = await pay(shop, order, cards.success);
      expect(paid.body.order?.thankYouName).toBe(shipping.name);
      expect(await outboxOf(shop.db, order.id)).toEqual([{ kind: "order_notification", to: SHOP_EMAIL }]);
    });

    it("bills a shopper who signed out as a guest", async () => {
      const shopper = browser();
      await signedUp(shopper, credentials("Gus Votive"));
      await signOut(shopper);

      expect(await placeOrder(shopper)).toMatchObject({ user_id: null, customer_name: "Guest" });
    });
  });
});

describe(`passwords in the server output on ${testEngine}`, () => {
  it("no server this file started wrote a password it typed", () => watch.expectNoneWritten());
});
