/** Whether PostgreSQL ended the transaction to break a deadlock (40P01): everything it did rolled back, and it may run again. */
export function isDeadlock(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === "40P01";
}
