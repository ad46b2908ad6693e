/**
 * Whether a statement gave up waiting for a lock another session holds (SQLSTATE 55P03 lock_not_available,
 * after PG_LOCK_TIMEOUT_MS: database.ts). Its transaction was rolled back and nothing was kept; the request
 * may well succeed in a moment, so it is a 503 with Retry-After, never a 500.
 */
export function isLockTimeout(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === '55P03';
}
