import type { ErrorCode } from '@contract/errors';

/** The HTTP status each error code answers with (the API description lists them per status too). */
export const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  SIGN_IN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  QUOTE_EXPIRED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BUSINESS_RULE: 422,
  INSUFFICIENT_FUNDS: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  DEMO_ACCOUNT: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  EMAIL_NOT_VERIFIED: 403,
  STORAGE_FULL: 503,
  API_KEY_EXPIRED: 401,
  API_KEY_REVOKED: 401,
};

/** The one error type the app throws on purpose. The error handler turns it into `{code, message, fields?}`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** For RATE_LIMITED and a 503: how long to wait, sent as Retry-After. */
    readonly options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = statusByCode[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please sign in to continue');

/**
 * A 400 for problems with named inputs. The keys travel in `fields`, where the web app puts each message under
 * its input; the message a person may read in a banner is the first problem in words, never prefixed with the
 * raw key (`dueDate: …` reads as a bug).
 */
export function invalidFields(fields: Record<string, string>): AppError {
  const first = Object.values(fields)[0] ?? 'Invalid request';
  return new AppError('VALIDATION_FAILED', first, fields);
}
