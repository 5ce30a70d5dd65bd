import { describe, expect, it } from "vitest";
import { openShop } from "../helpers/shop-api";
import { stripeTestSettings } from "../helpers/stripe-stand-in";
import { testEngine } from "../helpers/test-database";

const NOTICE = "Test mode — no real payments are taken";
const WARNING = "Warning: the shop is public (PUBLIC_URL is https) but takes payments through the test gateway";
const candle = { id: 1501 };

describe(`test mode on ${testEngine}`, () => {
  it("a public shop on the test gateway warns at start and says so on every page", async () => {
    const shop = await openShop({ Wax: [candle] }, { PUBLIC_URL: "https://candles.example.com" });
    try {
      expect(shop.server.output()).toContain(WARNING);
      for (const path of ["/", "/shop/wax", `/shop/wax/${candle.id}`, "/checkout"]) {
        expect(await (await fetch(`${shop.url}${path}`)).text(), path).toContain(NOTICE);
      }
    } finally {
      await shop.close();
    }
  });

  it("a shop taking payments through Stripe neither warns nor shows the notice", async () => {
    const shop = await openShop(
      { Wax: [candle] },
      {
        PUBLIC_URL: "https://candles.example.com",
        STRIPE_SECRET_KEY: stripeTestSettings.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripeTestSettings.publishableKey,
        STRIPE_WEBHOOK_SECRET: stripeTestSettings.webhookSecret,
      },
    );
    try {
      expect(shop.server.output()).not.toContain(WARNING);
      expect(await (await fetch(`${shop.url}/`)).text()).not.toContain(NOTICE);
    } finally {
      await shop.close();
    }
  });
});
