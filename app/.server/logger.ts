import pino from "pino";
import type { Config } from "./config";

export function createLogger(config: Pick<Config, "mode" | "logLevel">) {
  return pino({
    level: config.logLevel,
    // Card numbers, passwords and session tokens must never reach a log line. Nothing logs
    // them today (tests/integration/secrets-in-logs.test.ts); the field names are a safety net.
    redact: [
      "req.headers.cookie",
      "req.headers.authorization",
      'res.headers["set-cookie"]',
      ...["password", "confirmPassword", "cardNumber", "cvc", "token"].flatMap((field) => [field, `*.${field}`]),
    ],
    transport:
      config.mode === "development" ? { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", singleLine: true } } : undefined,
  });
}

export type Logger = ReturnType<typeof createLogger>;
