/**
 * SQLSTATEs that say the connection, not the statement, failed: class 08 (connection exception) and the
 * server ending the session (57P01 admin_shutdown, as `pg_terminate_backend` or a fast shutdown does; 57P02
 * crash_shutdown; 57P03 cannot_connect_now, while it starts or stops; 25P03 a transaction idle past
 * idle_in_transaction_session_timeout, and 57P05 a session idle past idle_session_timeout).
 */
const CONNECTION_SQLSTATE = /^(08...|57P0[1235]|25P03)$/;

/** What the socket or node-postgres say when the connection dropped, or never opened. */
const CONNECTION_SYSTEM_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed',
];

/**
 * Whether a database error means the connection to PostgreSQL was lost (or could not be had), so that the
 * request itself may well succeed on another connection in a moment: a 503 to the client, never a 500; and a
 * money transaction that lost it before COMMIT is run again (money-transaction.ts).
 */
export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_SQLSTATE.test(code) || CONNECTION_SYSTEM_CODES.has(code)))
    return true;
  return CONNECTION_MESSAGES.some((text) => error.message.includes(text));
}
