import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requeue } from "~/.server/db/work-queue";
import { alertEmailsIn, capturedLogger, checkAlertsAt } from "../helpers/alert-checks";
import type { BrowserSession } from "../helpers/browser-session";
import { signedInOwner } from "../helpers/owner";
import { type Shop, openShop } from "../helpers/shop-api";
import { logEntries, placePaidOrder } from "../helpers/shop-mail";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink";
import { testEngine } from "../helpers/test-database";
import { visibleText } from "../helpers/visible-text";
import { waitFor } from "../helpers/wait-for";

const HOUR = 60 * 60_000;
const ALERT_EMAIL = "alerts@candles.example";
const SHOP_EMAIL = "hello@candles.example";

/** Today's "Needs you" section as the owner reads it, or undefined when it is not shown. */
const needsYouOf = (html: string) => {
  const section = /<section[^>]*aria-labelledby="alerts-title"[^>]*>([\s\S]*?)<\/section>/.exec(html);
  return section ? visibleText(section[1]!) : undefined;
};

describe(`when mail is what fails, and /healthz?detail, on ${testEngine}`, () => {
  let sink: SmtpSink;
  let shop: Shop;
  let owner: BrowserSession;
  const { logger, lines } = capturedLogger();
  beforeAll(async () => {
    // A mail server that refuses every email, the alerts' too, until told otherwise.
    sink = await startSmtpSink();
    sink.refuseNext(Infinity);
    shop = await openShop(
      { Wax: [{ id: 1501, name: "Cedar", price: 18, stock: 100 }] },
      { SMTP_URL: sink.url, SHOP_EMAIL, ALERT_EMAIL, MAIL_RETRY_BASE_SECONDS: "3600" },
    );
    owner = await signedInOwner(shop);
  });
  afterAll(async () => {
    await shop?.close();
    await sink?.close();
  });

  /** One run of the alert job, as the server runs it (no backups here, the disk as it is). */
  const check = () =>
    checkAlertsAt(shop.db, {
      now: Date.now(),
      dataDir: shop.database.env.DATA_DIR,
      backups: { everyHours: 0, dir: path.join(shop.database.env.DATA_DIR, "backups") },
      alertEmail: ALERT_EMAIL,
      logger,
    });

  const tokenFile = () => path.join(shop.database.env.DATA_DIR, "healthz-token");
  const detail = (query: string, headers: Record<string, string> = {}) =>
    fetch(`${shop.url}/healthz?detail${query}`, { headers }).then(async (answer) => ({
      status: answer.status,
      body: (await answer.json()) as Record<string, unknown>,
    }));

  it("logs an order email stuck for an hour at error level, and its unsent alert, and lists both on Today", async () => {
    const order = await placePaidOrder(shop, [{ id: 1501, quantity: 1 }]);
    // An hour on: the order's email was queued then and has not gone out since.
    await shop.db
      .updateTable("outbox")
      .set((eb) => ({ created_at: eb("created_at", "-", HOUR + 60_000) }))
      .where("order_id", "=", order.id)
      .execute();
    expect(await check()).toEqual({ started: ["order-emails-stuck"], ended: [] });
    expect(await check()).toEqual({ started: [], ended: [] });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        alert: "order-emails-stuck",
        msg: expect.stringMatching(/^Order emails are not going out: 1 order email has waited over an hour/),
      }),
    ]);
    const [alert] = await alertEmailsIn(shop.db);
    expect(alert).toMatchObject({ to: ALERT_EMAIL, subject: "Needs you: Order emails are not going out" });

    // The server tries to send it, cannot, and says so at error level at once.
    const failure = await waitFor(
      () =>
        logEntries(shop.server).find(
          (entry) => entry.level === 50 && String(entry.msg).includes("Needs you: Order emails are not going out"),
        ),
      { what: "the error line of the unsent alert email", timeoutMs: 15_000 },
    );
    expect(failure.msg).toBe(
      'The alert email "Needs you: Order emails are not going out" could not be sent; it will be retried',
    );

    const today = needsYouOf((await owner.get("/admin")).html);
    expect(today).toContain("Needs you");
    expect(today).toContain("Order emails are not going out");
    expect(today).toMatch(/1 order email has waited over an hour to be sent \(the oldest since .+\)/);
    expect(today).toContain("An alert email is not going out");
    expect(today).toContain(`"Needs you: Order emails are not going out" to ${ALERT_EMAIL} could not be sent:`);
  });

  it("answers /healthz as before, and /healthz?detail only with the token from DATA_DIR", async () => {
    const plain = await fetch(`${shop.url}/healthz`);
    expect(plain.status).toBe(200);
    expect(await plain.json()).toEqual({ status: "ok" });

    expect(fs.statSync(tokenFile()).mode & 0o777).toBe(0o600);
    const token = fs.readFileSync(tokenFile(), "utf8").trim();
    expect(token).toMatch(/^[\w-]{40,}$/);

    const missing = await detail("");
    expect(missing).toEqual({
      status: 401,
      body: { error: { code: "token_required", message: expect.any(String) } },
    });
    for (const wrong of [await detail("", { Authorization: "Bearer nope" }), await detail("&token=nope")])
      expect(wrong).toEqual({ status: 403, body: { error: { code: "token_invalid", message: expect.any(String) } } });

    const expected = {
      status: "attention",
      conditions: [
        { key: "backup-failing", active: false, since: null, text: null },
        { key: "backup-command-failing", active: false, since: null, text: null },
        { key: "backup-missing", active: false, since: null, text: null },
        {
          key: "order-emails-stuck",
          active: true,
          since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          text: expect.stringContaining("1 order email has waited over an hour"),
        },
        { key: "disk-low", active: false, since: null, text: null },
      ],
    };
    expect(await detail("", { Authorization: `Bearer ${token}` })).toEqual({ status: 200, body: expected });
    expect(await detail(`&token=${token}`)).toEqual({ status: 200, body: expected });
  });

  it("tells of it once more when the emails go out again, and only then", async () => {
    sink.refuseNext(0);
    // npm run outbox -- retry, for each email waiting: the order's and the alert's.
    const waiting = await shop.db.selectFrom("outbox").select("id").where("status", "=", "pending").execute();
    for (const { id } of waiting) await requeue(shop.db, "outbox", id, Date.now());
    await waitFor(
      async () =>
        (await shop.db.selectFrom("outbox").select("id").where("status", "!=", "sent").execute()).length === 0,
      { what: "every waiting email sent", timeoutMs: 15_000 },
    );
    expect(await check()).toEqual({ started: [], ended: ["order-emails-stuck"] });
    expect(await check()).toEqual({ started: [], ended: [] });
    await waitFor(() => sink.messages.some((message) => message.parsed.subject?.startsWith("Resolved")), {
      what: "the email that says it is over",
      timeoutMs: 15_000,
    });
    const alerts = sink.messages.filter((message) => message.envelope.to.includes(ALERT_EMAIL));
    expect(alerts.map((message) => message.parsed.subject)).toEqual([
      "Needs you: Order emails are not going out",
      "Resolved: Order emails are not going out",
    ]);
    expect(needsYouOf((await owner.get("/admin")).html)).toBeUndefined();
  });
});
