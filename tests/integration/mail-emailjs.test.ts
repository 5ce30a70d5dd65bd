import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmailjsStandIn, startEmailjsStandIn } from "../helpers/emailjs-stand-in";
import { COMPILED_SERVER } from "../../scripts/server-command";
import { runScript } from "../helpers/run-script";
import { openShop, type Shipping, type Shop } from "../helpers/shop-api";
import {
  type ExpectedOrder,
  expectNotificationFields,
  outboxRowsOf,
  placePaidOrder,
  rowsWithStatus,
} from "../helpers/shop-mail";
import { testEngine } from "../helpers/test-database";
import { waitFor } from "../helpers/wait-for";

const SHOP_EMAIL = "owner@candles.example";
const settings = {
  publicKey: "pk_candles_public",
  serviceId: "service_candles",
  templateId: "template_order",
  privateKey: "sk_candles_private",
};
const candle = { id: 841, name: "Cedar Hearth", price: 21.25, stock: 100, scent: "Cedar & Smoke" };
const buyer: Shipping = {
  name: "Grace <i>Hopper</i>",
  address: "1 Navy Yard",
  city: "Arlington",
  state: "VA",
  zip: "22202",
  phone: "(703) 555-0199",
  email: "grace@example.com",
};
const expectedItems: ExpectedOrder["items"] = [
  { id: candle.id, name: candle.name, scent: candle.scent, quantity: 2, price: "$21.25" },
];

function emailjsEnv(standIn: EmailjsStandIn, options: { privateKey: boolean }) {
  return {
    EMAILJS_PUBLIC_KEY: settings.publicKey,
    EMAILJS_SERVICE_ID: settings.serviceId,
    EMAILJS_TEMPLATE_ID: settings.templateId,
    ...(options.privateKey ? { EMAILJS_PRIVATE_KEY: settings.privateKey } : {}),
    EMAILJS_API_URL: standIn.url,
    SHOP_EMAIL,
    MAIL_RETRY_BASE_SECONDS: "0.2",
  };
}

/** The requests whose template_params name this order. */
const requestsFor = (standIn: EmailjsStandIn, orderNumber: string) =>
  standIn.requests.filter((request) => JSON.stringify(request.json?.template_params ?? {}).includes(orderNumber));

describe(`order emails through EmailJS on ${testEngine}`, () => {
  describe("with a private key", () => {
    let standIn: EmailjsStandIn;
    let shop: Shop;
    beforeAll(async () => {
      standIn = await startEmailjsStandIn();
      shop = await openShop({ Wax: [candle] }, emailjsEnv(standIn, { privateKey: true }));
    });
    afterAll(async () => {
      await shop?.close();
      await standIn?.close();
    });

    it("POSTs JSON to /api/v1.0/email/send with the keys, ids and SPEC §3's fields as template_params, one call per outbox row", async () => {
      const order = await placePaidOrder(shop, [{ id: candle.id, quantity: 2 }], { shipping: buyer });
      const rows = await waitFor(() => rowsWithStatus(shop.db, order.id, "sent", 2), {
        timeoutMs: 15_000,
        what: "both rows sent",
      });
      const requests = requestsFor(standIn, order.number);
      expect(requests).toHaveLength(2);
      const expected: ExpectedOrder = {
        number: order.number,
        total: "$42.50",
        customerName: "Guest",
        shipping: buyer,
        items: expectedItems,
      };

      for (const request of requests) {
        expect(request.method).toBe("POST");
        expect(request.path).toBe("/api/v1.0/email/send");
        expect(request.headers["content-type"]).toMatch(/^application\/json\b/);
        expect(request.status).toBe(200);
        expect(Object.keys(request.json!).sort()).toEqual([
          "accessToken",
          "lib_version",
          "service_id",
          "template_id",
          "template_params",
          "user_id",
        ]);
        expect(request.json).toMatchObject({
          lib_version: expect.stringMatching(/\S/),
          user_id: settings.publicKey,
          service_id: settings.serviceId,
          template_id: settings.templateId,
          accessToken: settings.privateKey,
        });
        const params = request.json!.template_params as Record<string, unknown>;
        expectNotificationFields(params, expected);
        // Template params are plain values: EmailJS's template does the escaping, the shop sends them as typed.
        expect(params.shippingName).toBe(buyer.name);
      }
      // Each row went to its own recipient, as the template's "to" needs it.
      const recipients = requests.map((request) => JSON.stringify(request.json!.template_params));
      for (const row of rows)
        expect(
          recipients.some((params) => params.includes(row.to)),
          `a call for ${row.to}`,
        ).toBe(true);
    });

    it("retries a non-200 answer and never loses the email: 500 twice, then 200, and every row ends sent", async () => {
      standIn.failNext(2, 500);
      const before = standIn.requests.length;
      const order = await placePaidOrder(shop, [{ id: candle.id, quantity: 1 }], { shipping: buyer });
      const rows = await waitFor(() => rowsWithStatus(shop.db, order.id, "sent", 2), {
        timeoutMs: 20_000,
        what: "both rows sent",
      });

      const calls = standIn.requests.slice(before);
      expect(calls.filter((call) => call.status === 500)).toHaveLength(2);
      expect(calls.filter((call) => call.status === 200)).toHaveLength(rows.length);
      // Two failed calls spread over the rows: the attempts add up, and no row was given up on.
      expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBe(rows.length + 2);
      for (const row of rows) expect(row).toMatchObject({ status: "sent", last_error: null });
      expect(calls.every((call) => call.path === "/api/v1.0/email/send")).toBe(true);
    });
  });

  describe("without a private key", () => {
    let standIn: EmailjsStandIn;
    let shop: Shop;
    beforeAll(async () => {
      standIn = await startEmailjsStandIn();
      shop = await openShop({ Wax: [candle] }, emailjsEnv(standIn, { privateKey: false }));
    });
    afterAll(async () => {
      await shop?.close();
      await standIn?.close();
    });

    it("sends no accessToken", async () => {
      const order = await placePaidOrder(shop, [{ id: candle.id, quantity: 1 }]);
      await waitFor(() => rowsWithStatus(shop.db, order.id, "sent", 1), {
        timeoutMs: 15_000,
        what: "the notification sent",
      });
      const [request] = requestsFor(standIn, order.number);
      expect(Object.keys(request!.json!).sort()).toEqual([
        "lib_version",
        "service_id",
        "template_id",
        "template_params",
        "user_id",
      ]);
      expect(request!.json).toMatchObject({
        user_id: settings.publicKey,
        service_id: settings.serviceId,
        template_id: settings.templateId,
      });
      expect((await outboxRowsOf(shop.db, order.id)).map((row) => row.to)).toEqual([SHOP_EMAIL]);
    });
  });

  describe("missing settings", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wickshop-emailjs-"));
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    it.each([
      [
        "only EMAILJS_PUBLIC_KEY",
        { EMAILJS_PUBLIC_KEY: settings.publicKey },
        ["EMAILJS_SERVICE_ID", "EMAILJS_TEMPLATE_ID"],
      ],
      [
        "no EMAILJS_TEMPLATE_ID",
        { EMAILJS_PUBLIC_KEY: settings.publicKey, EMAILJS_SERVICE_ID: settings.serviceId },
        ["EMAILJS_TEMPLATE_ID"],
      ],
      [
        "only EMAILJS_PRIVATE_KEY",
        { EMAILJS_PRIVATE_KEY: settings.privateKey },
        ["EMAILJS_PUBLIC_KEY", "EMAILJS_SERVICE_ID", "EMAILJS_TEMPLATE_ID"],
      ],
    ])(
      "with %s the server refuses to start: exit code 1 and one line naming what is missing",
      async (_, env, missing) => {
        const result = await runScript(COMPILED_SERVER, [], {
          DATA_DIR: dataDir,
          HOST: "127.0.0.1",
          PORT: "0",
          ...env,
        });
        expect(result.code).toBe(1);
        expect(result.stdout).toBe("");
        const lines = result.stderr.trim().split("\n");
        expect(lines, result.stderr).toHaveLength(1);
        expect(lines[0]).toMatch(/EmailJS/);
        for (const name of missing) expect(lines[0]).toContain(name);
        for (const name of ["EMAILJS_PUBLIC_KEY", "EMAILJS_SERVICE_ID", "EMAILJS_TEMPLATE_ID"].filter(
          (item) => !missing.includes(item),
        )) {
          expect(lines[0]).not.toContain(name);
        }
        // It stopped before touching anything.
        expect(fs.readdirSync(dataDir)).toEqual([]);
      },
    );
  });
});
