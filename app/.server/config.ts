import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const url = (protocols: string[]) =>
  optionalText.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.join(" or ")}//` },
  );

/**
 * Express's "trust proxy": how many proxies, or which addresses, may set
 * X-Forwarded-For. By default a proxy on the shop's own machine (the common
 * nginx or Caddy in front): no client can connect from loopback, so nobody
 * else can claim an address, and shoppers behind it are not all one address.
 */
const trustProxy = optionalText.transform((value, ctx) => {
  if (value === undefined) return ["loopback"];
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  const named = new Set(["loopback", "linklocal", "uniquelocal"]);
  const bad = entries.find((entry) => !named.has(entry) && isIP(entry.split("/")[0]!) === 0);
  if (bad === undefined) return entries;
  ctx.addIssue({
    code: "custom",
    message: `"${bad}" is not a number of proxies, an address, a subnet, loopback, linklocal or uniquelocal`,
  });
  return z.NEVER;
});

const wholeHours = "must be a whole number of hours, or 0 to turn the automatic backups off";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("localhost"),
  // systemd's socket activation (deploy/wickshop.socket): the sockets it passes, from fd 3, to the process it names.
  LISTEN_FDS: z.coerce.number().int().min(0).optional(),
  LISTEN_PID: z.coerce.number().int().optional(),
  TRUST_PROXY: trustProxy,
  SLOW_CLIENT_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(15),
  // Under deploy/wickshop@.service's TimeoutStopSec (30 s), with room for the requests under way to finish.
  STOP_DELAY_SECONDS: z.coerce.number().min(0).max(15).default(0),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: url(["postgres:", "postgresql:"]),
  PUBLIC_URL: url(["http:", "https:"]),
  SHOP_EMAIL: z.email().default("hello@wickshop.example"),
  ALERT_EMAIL: optionalText.pipe(z.email().optional()),
  FACEBOOK_URL: url(["https:", "http:"]),
  INSTAGRAM_URL: url(["https:", "http:"]),
  ETSY_URL: url(["https:", "http:"]),
  SHOP_TIME_ZONE: z
    .string()
    .trim()
    .default("UTC")
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, "must be an IANA time zone such as America/Los_Angeles"),
  ORDER_RESERVATION_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  PAYMENT_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  PAYMENT_ATTEMPTS_PER_ORDER: z.coerce.number().int().min(1).max(1000).default(5),
  AUTH_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(10),
  AUTH_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(5),
  CHECKOUT_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(10),
  DISCOUNT_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(10),
  UNITS_HELD_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(50),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: url(["http:", "https:"]),
  SMTP_URL: url(["smtp:", "smtps:"]),
  EMAILJS_PUBLIC_KEY: optionalText,
  EMAILJS_PRIVATE_KEY: optionalText,
  EMAILJS_SERVICE_ID: optionalText,
  EMAILJS_TEMPLATE_ID: optionalText,
  EMAILJS_API_URL: url(["http:", "https:"]),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
  MAIL_CLAIM_LEASE_SECONDS: z.coerce.number().min(1).max(86_400).default(300),
  OUTBOX_KEEP_DAYS: z.coerce
    .number()
    .int("must be a whole number of days")
    .min(1, "must be a whole number of days, 1 or more")
    .max(36_500, "must be at most 36500 days (100 years)")
    .default(90),
  // Empty is unset, as for every variable: it must not read as 0 and turn the backups off unseen.
  BACKUP_EVERY_HOURS: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce
      .number(wholeHours)
      .int(wholeHours)
      .min(0, wholeHours)
      .max(8760, "must be at most 8760 hours (a year)")
      .default(24),
  ),
  BACKUP_DIR: optionalText,
  BACKUP_COMMAND: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_DISCOVERY_URL: url(["https:", "http:"]),
});

type Env = z.infer<typeof envSchema>;

/** Services that only work with all of their variables set. */
const serviceGroups: { service: string; required: (keyof Env)[]; optional?: (keyof Env)[] }[] = [
  { service: "Stripe", required: ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] },
  {
    service: "EmailJS",
    required: ["EMAILJS_PUBLIC_KEY", "EMAILJS_SERVICE_ID", "EMAILJS_TEMPLATE_ID"],
    optional: ["EMAILJS_PRIVATE_KEY"],
  },
  {
    service: "Google sign-in",
    required: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
    optional: ["GOOGLE_DISCOVERY_URL"],
  },
];

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(source: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid ${String(issue.path[0])}: ${issue.message}`);
  }
  const env = parsed.data;
  for (const { service, required, optional = [] } of serviceGroups) {
    const anySet = [...required, ...optional].some((name) => env[name] !== undefined);
    const missing = required.filter((name) => env[name] === undefined);
    if (anySet && missing.length > 0) {
      throw new ConfigError(`${service} is partly configured: missing ${missing.join(", ")}`);
    }
  }

  const rateLimits = {
    paymentLimits: {
      // Card testing: a few tries per order, and a bounded number per address each hour.
      perIp: { limit: env.PAYMENT_ATTEMPTS_PER_IP, windowMs: 60 * 60_000 },
      perOrder: { limit: env.PAYMENT_ATTEMPTS_PER_ORDER, windowMs: env.ORDER_RESERVATION_MINUTES * 60_000 },
    },
    authLimits: {
      // Credential stuffing: sign-in and sign-up attempts per address in 15 minutes.
      perIp: { limit: env.AUTH_ATTEMPTS_PER_IP, windowMs: 15 * 60_000 },
      // Password guessing against one account from many addresses: sign-ins per email in 15 minutes.
      perAccount: { limit: env.AUTH_ATTEMPTS_PER_ACCOUNT, windowMs: 15 * 60_000 },
    },
    // Stock hoarding: checkouts (each may reserve stock) per address while a reservation lasts.
    checkoutLimit: { limit: env.CHECKOUT_ATTEMPTS_PER_IP, windowMs: env.ORDER_RESERVATION_MINUTES * 60_000 },
    // Code guessing: unknown discount codes per address in 15 minutes, from the quote and checkout alike.
    discountGuessLimit: { limit: env.DISCOUNT_ATTEMPTS_PER_IP, windowMs: 15 * 60_000 },
  };
  const rules = [
    rateLimits.checkoutLimit,
    rateLimits.discountGuessLimit,
    ...Object.values(rateLimits.paymentLimits),
    ...Object.values(rateLimits.authLimits),
  ];

  const givenPublicUrl = env.PUBLIC_URL?.replace(/\/+$/, "");
  const publicUrl = givenPublicUrl ?? `http://${env.HOST}:${env.PORT}`;
  return {
    mode: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    /**
     * The listening socket systemd holds for the shop, when it passes one: it
     * stays open while the shop restarts, so connections wait for the new
     * process instead of being refused. PORT and HOST are then unused.
     */
    listenFd: env.LISTEN_FDS && env.LISTEN_PID === process.pid ? 3 : undefined,
    trustProxy: env.TRUST_PROXY,
    // A client must send its headers within this, and the whole request within twice it (slowloris).
    slowClientTimeoutMs: env.SLOW_CLIENT_TIMEOUT_SECONDS * 1000,
    /**
     * On SIGTERM, how long the shop keeps taking requests while /readyz
     * answers 503, before it closes its port: time for Caddy's health check to
     * send everything to the other processes (docs/running-a-shop.md, "Two processes").
     */
    stopDelayMs: env.STOP_DELAY_SECONDS * 1000,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    /** PUBLIC_URL, when it is set: the shop's address wherever it listens (else where it listens is). */
    givenPublicUrl,
    secureCookies: publicUrl.startsWith("https:"),
    shopEmail: env.SHOP_EMAIL,
    /** Who is told when something needs the owner, and when it is over (alerts/). */
    alertEmail: env.ALERT_EMAIL ?? env.SHOP_EMAIL,
    // Where the owner's days start and end: "today" and the daily sales of the back office.
    timeZone: env.SHOP_TIME_ZONE,
    social: {
      facebook: env.FACEBOOK_URL ?? "https://www.facebook.com/",
      instagram: env.INSTAGRAM_URL ?? "https://www.instagram.com/",
      etsy: env.ETSY_URL ?? "https://www.etsy.com/",
    },
    logLevel: env.LOG_LEVEL,
    reservationMs: env.ORDER_RESERVATION_MINUTES * 60_000,
    ...rateLimits,
    // Stock hoarding: units one address may hold in unpaid orders at once, however many checkouts it spreads them over.
    unitsHeldPerIp: env.UNITS_HELD_PER_IP,
    /** A rate-limit window that started longer ago than this no longer counts for any rule. */
    longestRateLimitWindowMs: Math.max(...rules.map((rule) => rule.windowMs)),
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
          apiUrl: env.STRIPE_API_URL,
        }
      : undefined,
    smtpUrl: env.SMTP_URL,
    // A message that keeps failing waits base × 2^(attempt − 1) between tries, then ends failed;
    // one whose sender died mid-send is tried again when its claim lapses.
    mailRetry: {
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
      baseMs: env.MAIL_RETRY_BASE_SECONDS * 1000,
      claimLeaseMs: env.MAIL_CLAIM_LEASE_SECONDS * 1000,
    },
    // A sent email's text, HTML and parameters (the shopper's details) are removed after this; its row stays.
    outboxKeepDays: env.OUTBOX_KEEP_DAYS,
    // The automatic snapshots, SQLite's or pg_dump's (app/.server/backups): how often, where, and the command that sends each off the machine.
    backups: {
      everyHours: env.BACKUP_EVERY_HOURS,
      dir: path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, "backups")),
      command: env.BACKUP_COMMAND,
    },
    emailjs: env.EMAILJS_PUBLIC_KEY
      ? {
          publicKey: env.EMAILJS_PUBLIC_KEY,
          privateKey: env.EMAILJS_PRIVATE_KEY,
          serviceId: env.EMAILJS_SERVICE_ID!,
          templateId: env.EMAILJS_TEMPLATE_ID!,
          apiUrl: (env.EMAILJS_API_URL ?? "https://api.emailjs.com").replace(/\/+$/, ""),
        }
      : undefined,
    google: env.GOOGLE_CLIENT_ID
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET!,
          // Another OpenID provider may stand in for Google (the tests use one on 127.0.0.1).
          discoveryUrl: env.GOOGLE_DISCOVERY_URL ?? "https://accounts.google.com/.well-known/openid-configuration",
        }
      : undefined,
  };
}

export type Config = ReturnType<typeof loadConfig>;

export const paymentMode = (config: Config) => (config.stripe ? "Stripe" : "test gateway");

export const mailMode = (config: Config) =>
  config.emailjs ? "EmailJS" : config.smtpUrl ? "SMTP" : `files in ${path.join(config.dataDir, "outbox")}`;
