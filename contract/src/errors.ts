import { z } from 'zod';

/**
 * The closed set of error codes the API answers with. Each maps to one HTTP status on the server
 * (server/src/lib/errors.ts); the web client shows `message` and may branch on `code`.
 */
export const errorCodes = [
  'VALIDATION_FAILED', // 400: the request is malformed or a field is invalid; `fields` says which
  'UNAUTHENTICATED', // 401: no valid session
  'INVALID_CREDENTIALS', // 401: wrong email or password (same message for both), or a wrong sign-in code
  'SIGN_IN_EXPIRED', // 401: a two-factor sign-in step expired, was used, or had too many wrong codes; sign in again
  'FORBIDDEN', // 403: signed in but not allowed, or a cross-site request
  'NOT_FOUND', // 404: no such resource, or it belongs to someone else
  'CONFLICT', // 409: the resource already exists
  'QUOTE_EXPIRED', // 409: the quote's price no longer holds; ask for a new quote
  'PAYLOAD_TOO_LARGE', // 413: request body over the limit
  'UNSUPPORTED_MEDIA_TYPE', // 415: body is not JSON where JSON is expected
  'BUSINESS_RULE', // 422: a rule of the product forbids it
  'INSUFFICIENT_FUNDS', // 422: the wallet cannot cover the amount
  'IDEMPOTENCY_KEY_REUSED', // 422: same Idempotency-Key, different request
  'DEMO_ACCOUNT', // 422: demo money cannot move to or from a real account
  'RATE_LIMITED', // 429: too many requests
  'INTERNAL', // 500: something went wrong on our side (never detailed)
  'UNAVAILABLE', // 503: a dependency is down
  'EMAIL_NOT_VERIFIED', // 403: the account's address is unproven, so it cannot yet pay or mail other people
  'STORAGE_FULL', // 503: the server's storage is full, nothing can be saved; retry later (Retry-After)
  'API_KEY_EXPIRED', // 401: the API key's expiry date has passed; make a new key in the profile
  'API_KEY_REVOKED', // 401: the API key was revoked; make a new key in the profile
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorBodySchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
