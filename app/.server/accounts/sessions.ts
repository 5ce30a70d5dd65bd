import type { Trx } from "../db";

/** better-auth's session cookie in a Cookie or Set-Cookie header: the token, a dot, then its signature. */
const SESSION_TOKEN = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([A-Za-z0-9_-]+)\./;

/** The session token a Cookie header sends, or a Set-Cookie header sets. */
export const sessionTokenIn = (cookies: string | null | undefined) =>
  cookies ? SESSION_TOKEN.exec(cookies)?.[1] : undefined;

/** The session a response leaves the browser with: the one it sets, or else the one the request sent. */
export function sessionTokenAfter(request: Request, responseHeaders: Headers) {
  for (const cookie of responseHeaders.getSetCookie()) {
    const token = sessionTokenIn(cookie);
    if (token) return token;
  }
  return sessionTokenIn(request.headers.get("cookie"));
}

/** Signs an account out everywhere but in the session `keepToken` (everywhere when there is none). */
export async function endOtherSessions(trx: Trx, userId: string, keepToken: string | undefined) {
  let sessions = trx.deleteFrom("session").where("userId", "=", userId);
  if (keepToken) sessions = sessions.where("token", "<>", keepToken);
  await sessions.execute();
}
