import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@contract/errors';
import { isConnectionLost } from '../db/connection-lost';
import { isLockTimeout } from '../db/lock-timeout';
import { isStorageFull } from '../db/write-health';
import { AppError, invalidFields } from '../lib/errors';

/** Fastify's own client errors, mapped onto our codes so every 4xx has the same shape. */
const frameworkErrors: Record<string, () => AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () =>
    new AppError('VALIDATION_FAILED', 'The request body is not valid JSON'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new AppError('VALIDATION_FAILED', 'The request body is empty'),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new AppError('VALIDATION_FAILED', 'The Content-Length does not match the body'),
};

/** How long a client should wait before retrying after a 503 (a dependency failing for now). */
const RETRY_AFTER_OUTAGE_SECONDS = 5;

function toAppError(error: FastifyError): AppError | null {
  if (error instanceof AppError) return error;
  if (isStorageFull(error)) return new AppError('STORAGE_FULL', 'Nothing can be saved right now');
  if (isConnectionLost(error)) return new AppError('UNAVAILABLE', 'The database cannot be reached right now');
  if (isLockTimeout(error)) return new AppError('UNAVAILABLE', 'The database is busy right now');
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      fields[path] ??= issue.message ?? 'Invalid value';
    }
    return invalidFields(fields);
  }
  const known = error.code ? frameworkErrors[error.code] : undefined;
  if (known) return known();
  if (error.statusCode === 429)
    return new AppError('RATE_LIMITED', 'Too many requests. Please wait and try again.');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('VALIDATION_FAILED', 'The request could not be understood');
  }
  return null;
}

/** The one place errors become HTTP responses. A 5xx body never carries internals. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (!appError || appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
      const body: ErrorBody = { code: appError?.code ?? 'INTERNAL', message: 'Something went wrong' };
      // A 503 is a dependency failing for now (the database, the disk, a provider): say when to try again.
      if (appError?.status === 503)
        reply.header('retry-after', String(appError.options.retryAfterSeconds ?? RETRY_AFTER_OUTAGE_SECONDS));
      return reply.status(appError?.status ?? 500).send(body);
    }
    if (appError.status === 429) {
      const wait = appError.options.retryAfterSeconds;
      if (wait !== undefined) reply.header('retry-after', String(wait));
      else if (reply.getHeader('retry-after') === undefined) reply.header('retry-after', '60');
    }
    const body: ErrorBody = { code: appError.code, message: appError.message };
    if (appError.fields) body.fields = appError.fields;
    return reply.status(appError.status).send(body);
  });
});
