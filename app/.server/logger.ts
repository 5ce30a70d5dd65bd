import pino from "pino";
import type { Config } from "./config";

export function createLogger(config: Pick<Config, "mode" | "logLevel">) {
  const development = config.mode === "development";
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    // Card numbers, passwords and session tokens must never reach a log line. Nothing logs
    // them today (tests/integration/secrets-in-logs.test.ts); the field names are a safety net.
    redact: [
      "req.headers.cookie",
      "req.headers.authorization",
      'res.headers["set-cookie"]',
      ...["password", "confirmPassword", "cardNumber", "cvc", "token"].flatMap((field) => [field, `*.${field}`]),
    ],
    transport: development
      ? { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", singleLine: true } }
      : undefined,
  };
  // Lines go out asynchronously, each as soon as the previous write is done: a request never waits on
  // stdout (a synchronous write per request line was a tenth of a cached page's time). pino flushes on exit.
  return development ? pino(options) : pino(options, pino.destination({ dest: 1, sync: false }));
}

export type Logger = ReturnType<typeof createLogger>;
