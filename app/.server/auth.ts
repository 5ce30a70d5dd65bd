import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import type { Config } from "./config";
import type { Db } from "./db";
import type { Engine } from "./db/engine";

/**
 * The session secret: generated on first start and kept in the database, so
 * every server process sharing it signs and reads the same cookies.
 */
export async function loadAuthSecret(db: Db): Promise<string> {
  await db
    .insertInto("settings")
    .values({ key: "auth_secret", value: randomBytes(32).toString("base64url") })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  const row = await db.selectFrom("settings").select("value").where("key", "=", "auth_secret").executeTakeFirstOrThrow();
  return row.value;
}

/** better-auth on our own database: email and password, sessions in the session table, no telemetry. */
export function createAuth(options: { db: Db; engine: Engine; config: Config; secret: string }) {
  const { config } = options;
  return betterAuth({
    appName: "Wickshop",
    baseURL: config.publicUrl,
    secret: options.secret,
    database: { db: options.db, type: options.engine },
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128 },
    telemetry: { enabled: false },
    // Our own limits (rate_limits table) guard sign-in and sign-up; see routes/auth.tsx.
    rateLimit: { enabled: false },
    advanced: { useSecureCookies: config.secureCookies },
    trustedOrigins: [config.publicUrl],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The signed-in shopper for a request, or undefined for a guest. */
export async function getShopper(auth: Auth, headers: Headers) {
  const session = await auth.api.getSession({ headers });
  return session ? { id: session.user.id, displayName: session.user.name, email: session.user.email } : undefined;
}
