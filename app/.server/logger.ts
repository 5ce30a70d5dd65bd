import pino from "pino";
import type { Config } from "./config";

export function createLogger(config: Pick<Config, "mode" | "logLevel">) {
  return pino({
    level: config.logLevel,
    // Card numbers, passwords and session tokens must never reach a log line.
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    transport:
      config.mode === "development" ? { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", singleLine: true } } : undefined,
  });
}

export type Logger = ReturnType<typeof createLogger>;
