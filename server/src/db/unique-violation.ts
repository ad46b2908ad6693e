/**
 * Whether a database error is a unique constraint refusing a row, on either database: PostgreSQL's SQLSTATE
 * 23505, or SQLite's extended code. A check-then-write can race another request; the constraint has the last
 * word, and this lets the caller answer it as the 409 it is rather than a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
