import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, mailMode, paymentMode } from "~/.server/config";
import { messageOf } from "../helpers/thrown";

const errorOf = (env: Record<string, string>) => messageOf(() => loadConfig(env), ConfigError);

describe("loadConfig", () => {
  it("runs with no configuration at all", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("localhost");
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
    expect(paymentMode(config)).toBe("test gateway");
    expect(mailMode(config)).toBe(`files in ${path.resolve("data", "outbox")}`);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", STRIPE_SECRET_KEY: " " }).stripe).toBeUndefined();
  });

  it("names the variable whose value is bad", () => {
    expect(errorOf({ PORT: "abc" })).toMatch(/^Invalid PORT: /);
    expect(errorOf({ PORT: "70000" })).toMatch(/^Invalid PORT: /);
    expect(errorOf({ DATABASE_URL: "mysql://x" })).toBe(
      "Invalid DATABASE_URL: must be a URL starting with postgres: or postgresql://",
    );
    expect(errorOf({ SHOP_EMAIL: "not-an-email" })).toMatch(/^Invalid SHOP_EMAIL: /);
    expect(errorOf({ PUBLIC_URL: "shop.example.com" })).toMatch(/^Invalid PUBLIC_URL: /);
  });

  it("sends the alerts to SHOP_EMAIL unless ALERT_EMAIL names another address", () => {
    expect(loadConfig({ SHOP_EMAIL: "shop@candles.example" }).alertEmail).toBe("shop@candles.example");
    expect(loadConfig({ SHOP_EMAIL: "shop@candles.example", ALERT_EMAIL: " " }).alertEmail).toBe(
      "shop@candles.example",
    );
    expect(loadConfig({ ALERT_EMAIL: "me@candles.example" }).alertEmail).toBe("me@candles.example");
    expect(errorOf({ ALERT_EMAIL: "me at candles" })).toMatch(/^Invalid ALERT_EMAIL: /);
  });

  it("names what a partly configured service is missing", () => {
    expect(errorOf({ STRIPE_SECRET_KEY: "sk_test_1" })).toBe(
      "Stripe is partly configured: missing STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET",
    );
    expect(errorOf({ EMAILJS_PUBLIC_KEY: "pk", EMAILJS_SERVICE_ID: "svc" })).toBe(
      "EmailJS is partly configured: missing EMAILJS_TEMPLATE_ID",
    );
    expect(errorOf({ EMAILJS_PRIVATE_KEY: "secret" })).toBe(
      "EmailJS is partly configured: missing EMAILJS_PUBLIC_KEY, EMAILJS_SERVICE_ID, EMAILJS_TEMPLATE_ID",
    );
    expect(errorOf({ GOOGLE_CLIENT_SECRET: "s" })).toBe(
      "Google sign-in is partly configured: missing GOOGLE_CLIENT_ID",
    );
    expect(errorOf({ GOOGLE_DISCOVERY_URL: "https://id.example.com/.well-known/openid-configuration" })).toBe(
      "Google sign-in is partly configured: missing GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET",
    );
  });

  it("reads TRUST_PROXY as a number of proxies or a list of addresses, and refuses anything else", () => {
    expect(loadConfig({}).trustProxy).toEqual(["loopback"]);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8,::1" }).trustProxy).toEqual([
      "loopback",
      "10.0.0.0/8",
      "::1",
    ]);
    expect(errorOf({ TRUST_PROXY: "everyone" })).toMatch(/^Invalid TRUST_PROXY: "everyone" is not /);
  });

  it("listens on the socket systemd passes only when it is passed to this very process", () => {
    const passed = { LISTEN_FDS: "1", LISTEN_PID: String(process.pid) };
    expect(loadConfig(passed).listenFd).toBe(3);
    expect(loadConfig({ ...passed, LISTEN_PID: String(process.pid + 1) }).listenFd).toBeUndefined();
    expect(loadConfig({ LISTEN_FDS: "1" }).listenFd).toBeUndefined();
    expect(loadConfig({ ...passed, LISTEN_FDS: "0" }).listenFd).toBeUndefined();
    expect(loadConfig({}).listenFd).toBeUndefined();
  });

  it("uses Google's discovery document unless another provider's is given", () => {
    const google = { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" };
    expect(loadConfig(google).google?.discoveryUrl).toBe(
      "https://accounts.google.com/.well-known/openid-configuration",
    );
    const local = "http://127.0.0.1:9000/.well-known/openid-configuration";
    expect(loadConfig({ ...google, GOOGLE_DISCOVERY_URL: local }).google?.discoveryUrl).toBe(local);
    expect(errorOf({ ...google, GOOGLE_DISCOVERY_URL: "accounts.google.com" })).toMatch(
      /^Invalid GOOGLE_DISCOVERY_URL: /,
    );
  });

  it("chooses the payment and mail modes from what is configured", () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      SMTP_URL: "smtp://127.0.0.1:2525",
    });
    expect(paymentMode(config)).toBe("Stripe");
    expect(mailMode(config)).toBe("SMTP");
  });

  it("builds the public URL from host and port, or takes PUBLIC_URL without its trailing slash", () => {
    expect(loadConfig({ HOST: "127.0.0.1", PORT: "8080" }).publicUrl).toBe("http://127.0.0.1:8080");
    const config = loadConfig({ PUBLIC_URL: "https://candles.example.com/" });
    expect(config.publicUrl).toBe("https://candles.example.com");
    expect(config.secureCookies).toBe(true);
  });

  it("reads the abuse limits, and keeps rate-limit windows as long as the longest rule needs them", () => {
    const defaults = loadConfig({});
    expect(defaults.authLimits).toEqual({
      perIp: { limit: 10, windowMs: 15 * 60_000 },
      perAccount: { limit: 5, windowMs: 15 * 60_000 },
    });
    expect(defaults.checkoutLimit).toEqual({ limit: 10, windowMs: 15 * 60_000 });
    expect(defaults.discountGuessLimit).toEqual({ limit: 10, windowMs: 15 * 60_000 });
    expect(defaults.longestRateLimitWindowMs).toBe(60 * 60_000);
    expect(defaults.unitsHeldPerIp).toBe(50);
    expect(loadConfig({ UNITS_HELD_PER_IP: "200" }).unitsHeldPerIp).toBe(200);
    expect(errorOf({ UNITS_HELD_PER_IP: "0" })).toMatch(/^Invalid UNITS_HELD_PER_IP: /);

    const config = loadConfig({
      AUTH_ATTEMPTS_PER_ACCOUNT: "3",
      CHECKOUT_ATTEMPTS_PER_IP: "7",
      ORDER_RESERVATION_MINUTES: "90",
    });
    expect(config.authLimits.perAccount.limit).toBe(3);
    expect(config.checkoutLimit).toEqual({ limit: 7, windowMs: 90 * 60_000 });
    expect(config.longestRateLimitWindowMs).toBe(90 * 60_000);
    expect(errorOf({ CHECKOUT_ATTEMPTS_PER_IP: "0" })).toMatch(/^Invalid CHECKOUT_ATTEMPTS_PER_IP: /);
    expect(errorOf({ AUTH_ATTEMPTS_PER_ACCOUNT: "lots" })).toMatch(/^Invalid AUTH_ATTEMPTS_PER_ACCOUNT: /);
    expect(loadConfig({ DISCOUNT_ATTEMPTS_PER_IP: "25" }).discountGuessLimit).toEqual({
      limit: 25,
      windowMs: 15 * 60_000,
    });
    expect(errorOf({ DISCOUNT_ATTEMPTS_PER_IP: "0" })).toMatch(/^Invalid DISCOUNT_ATTEMPTS_PER_IP: /);
    expect(errorOf({ DISCOUNT_ATTEMPTS_PER_IP: "ten" })).toMatch(/^Invalid DISCOUNT_ATTEMPTS_PER_IP: /);
  });

  it("keeps sent emails' text 90 days unless OUTBOX_KEEP_DAYS says otherwise, and refuses anything but a whole number of days from 1", () => {
    expect(loadConfig({}).outboxKeepDays).toBe(90);
    expect(loadConfig({ OUTBOX_KEEP_DAYS: "30" }).outboxKeepDays).toBe(30);
    for (const bad of ["0", "-5", "1.5", "forever", "36501"]) {
      const message = errorOf({ OUTBOX_KEEP_DAYS: bad });
      expect(message).toMatch(/^Invalid OUTBOX_KEEP_DAYS: /);
      expect(message).not.toContain("\n");
    }
  });

  it("stops at once on SIGTERM unless told to wait, for up to 15 seconds", () => {
    expect(loadConfig({}).stopDelayMs).toBe(0);
    expect(loadConfig({ STOP_DELAY_SECONDS: "3" }).stopDelayMs).toBe(3000);
    expect(loadConfig({ STOP_DELAY_SECONDS: "1.5" }).stopDelayMs).toBe(1500);
    for (const bad of ["-1", "16", "soon"]) {
      const message = errorOf({ STOP_DELAY_SECONDS: bad });
      expect(message).toMatch(/^Invalid STOP_DELAY_SECONDS: /);
      expect(message).not.toContain("\n");
    }
  });

  it("backs up every 24 hours into DATA_DIR/backups unless told otherwise, and refuses anything but whole hours from 0", () => {
    expect(loadConfig({ DATA_DIR: "/srv/shop" }).backups).toEqual({
      everyHours: 24,
      dir: "/srv/shop/backups",
      command: undefined,
    });
    expect(loadConfig({ BACKUP_EVERY_HOURS: " " }).backups.everyHours).toBe(24);
    const set = loadConfig({
      BACKUP_EVERY_HOURS: "0",
      BACKUP_DIR: "/mnt/copies",
      BACKUP_COMMAND: 'cp "$BACKUP_FILE" /x',
    });
    expect(set.backups).toEqual({ everyHours: 0, dir: "/mnt/copies", command: 'cp "$BACKUP_FILE" /x' });
    for (const bad of ["-1", "1.5", "daily", "8761"]) {
      const message = errorOf({ BACKUP_EVERY_HOURS: bad });
      expect(message).toMatch(/^Invalid BACKUP_EVERY_HOURS: must be /);
      expect(message).not.toContain("\n");
    }
  });
});
