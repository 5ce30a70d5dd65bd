/**
 * Whether `error` is a write refused because `table`.`column` must be
 * unique: PostgreSQL's 23505 on the column's constraint, SQLite's
 * "UNIQUE constraint failed: table.column". The transaction it ended has
 * rolled back. A check before the write answers this when one writer runs
 * at a time; two PostgreSQL transactions can both pass it, and the second
 * write ends here.
 */
export function isUniqueViolation(error: unknown, table: string, column: string): boolean {
  if (!(error instanceof Error)) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code === "23505") return constraint === `${table}_${column}_key`;
  return (
    typeof code === "string" &&
    code.startsWith("SQLITE_CONSTRAINT") &&
    error.message.includes(`UNIQUE constraint failed: ${table}.${column}`)
  );
}
