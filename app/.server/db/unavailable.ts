/**
 * Whether an error means the database could not be reached or was too busy to
 * answer, as opposed to a query that is wrong: the first is worth a retry in a
 * moment (503), the second is a bug (500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of causes(error)) {
    const code = codeOf(current);
    if (code !== undefined && isUnavailableCode(code)) return true;
    if (PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(current.message))) return true;
  }
  return false;
}

/**
 * Whether SQLite refused because another connection held the database past
 * busy_timeout: asking it again at once would wait as long again, with the
 * server's one connection (better-sqlite3 waits synchronously).
 */
export function isSqliteBusy(error: unknown): boolean {
  return causes(error).some((current) => {
    const code = codeOf(current);
    return code !== undefined && isSqliteBusyCode(code);
  });
}

/** The driver's error code (PostgreSQL's SQLSTATE, SQLite's result code, Node's network code), if it gave one. */
function codeOf(error: Error): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** `error` and the errors it was caused by, five deep. */
function causes(error: unknown): Error[] {
  const found: Error[] = [];
  for (let current = error; current instanceof Error && found.length < 5; current = current.cause) found.push(current);
  return found;
}

function isUnavailableCode(code: string) {
  return (
    // PostgreSQL: connection exceptions (class 08), too many connections,
    // and a server shutting down or terminating the backend (57P01–57P03).
    code.startsWith("08") ||
    code === "53300" ||
    code === "57P01" ||
    code === "57P02" ||
    code === "57P03" ||
    NETWORK_CODES.has(code) ||
    isSqliteBusyCode(code)
  );
}

// SQLite: another connection held the lock past busy_timeout.
const isSqliteBusyCode = (code: string) => code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED");

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/** What node-postgres says, without a code, about a connection that is gone or never came. */
const PG_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
];
