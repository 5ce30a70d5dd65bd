/** better-auth's cookies, with the `__Secure-` prefix it adds on https. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?better-auth\./;

/**
 * Whether a request's Cookie header carries one of better-auth's cookies: its
 * answer may then be built for whoever is signed in. Whether the session is
 * still valid does not matter; the cookie alone decides, before anything
 * reads the database.
 */
export const carriesSessionCookie = (cookie: string | undefined) => cookie !== undefined && SESSION_COOKIE.test(cookie);
