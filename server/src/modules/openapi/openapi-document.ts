import { STATUS_CODES } from 'node:http';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorCodes, type ErrorCode } from '@contract/errors';
import { API_KEY_PREFIXES, IDEMPOTENCY_HEADER } from '@contract/openapi';
import { statusByCode } from '../../lib/errors';
import { SESSION_COOKIE } from '../auth/session-token';

type TransformObjectInput = Parameters<typeof jsonSchemaTransformObject>[0];
type Json = Record<string, unknown>;
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Json } }> };
  security?: unknown[];
  responses?: Record<string, unknown>;
}

export const ERROR_SCHEMA_REF = '#/components/schemas/Error';

/** The one error shape, from the contract's schema, as the document's `Error` component. */
function errorComponent(): Json {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(errorBodySchema, { io: 'output' }) as Json;
  return {
    ...schema,
    description:
      'Every error answer, whatever the route: `code` is one of a closed set (the status follows from it), ' +
      '`message` is for a person, and `fields` (on VALIDATION_FAILED) names each invalid input.',
  };
}

export const securitySchemes = {
  cookieAuth: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The session cookie the web app signs in with. Writes from a browser also need an Origin of the app.',
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: `Personal API keys (${API_KEY_PREFIXES.map((prefix) => `${prefix}…`).join(' / ')}), made in the profile, each limited to its scopes.`,
  },
} as const;

const isMoneyMoving = (operation: Operation) =>
  (operation.parameters ?? []).some((p) => p.in === 'header' && p.name === IDEMPOTENCY_HEADER);

/** On a retry with the same key, the first answer comes back, marked so. */
const replayedHeader = {
  'Idempotent-Replayed': {
    description: 'Present on a retry: this is the first answer to the same Idempotency-Key, sent again.',
    schema: { type: 'string', enum: ['true'] },
  },
};

/**
 * The error codes an operation may answer with, by what the operation shows of itself: inputs can be invalid,
 * signed-in routes can be refused, a path names something that may not exist, writes can conflict or break a
 * rule, money-moving calls and signing in have their own refusals. Every route may be rate-limited or fail.
 */
export function errorCodesOf(path: string, method: string, operation: Operation): ErrorCode[] {
  const parameters = operation.parameters ?? [];
  const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
  const writes = method !== 'get';
  const moneyMoving = isMoneyMoving(operation);
  const body = Object.values(operation.requestBody?.content ?? {})[0]?.schema?.properties ?? {};
  const codes: ErrorCode[] = ['RATE_LIMITED', 'INTERNAL', 'UNAVAILABLE'];
  if (parameters.length > 0 || operation.requestBody) codes.push('VALIDATION_FAILED');
  if (operation.requestBody) codes.push('PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  if (!isPublic) codes.push('UNAUTHENTICATED');
  if (!isPublic || writes) codes.push('FORBIDDEN');
  if (parameters.some((p) => p.in === 'path')) codes.push('NOT_FOUND');
  if (writes) codes.push('CONFLICT', 'BUSINESS_RULE', 'STORAGE_FULL');
  if (moneyMoving)
    codes.push('INSUFFICIENT_FUNDS', 'IDEMPOTENCY_KEY_REUSED', 'DEMO_ACCOUNT', 'EMAIL_NOT_VERIFIED');
  if ('quoteId' in body) codes.push('QUOTE_EXPIRED');
  if (path.startsWith('/api/auth/') && writes) codes.push('INVALID_CREDENTIALS', 'SIGN_IN_EXPIRED');
  return errorCodes.filter((code) => codes.includes(code));
}

/** One response per status, each the Error component, naming the codes it may carry. */
function errorResponses(codes: ErrorCode[]): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes)
    byStatus.set(statusByCode[code], [...(byStatus.get(statusByCode[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: `${STATUS_CODES[status] ?? 'Error'}: ${list.join(', ')}`,
          'x-error-codes': list,
          content: { 'application/json': { schema: { $ref: ERROR_SCHEMA_REF } } },
        },
      ]),
  );
}

/**
 * The whole document once its operations are in: the zod schemas shared by several routes as components, the
 * Error component, and every operation's error answers pointing at it (so the error shape is said once).
 */
export function describeDocument(input: TransformObjectInput): ReturnType<typeof jsonSchemaTransformObject> {
  const document = jsonSchemaTransformObject(input) as Json & {
    paths?: Record<string, Record<string, Operation>>;
    components: { schemas?: Json };
  };
  document.components.schemas = { ...document.components.schemas, Error: errorComponent() };
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      for (const [status, response] of Object.entries(operation.responses ?? {}) as [string, Json][]) {
        if (response.description === 'Default Response')
          response.description = STATUS_CODES[status] ?? 'Success';
        if (isMoneyMoving(operation) && status.startsWith('2'))
          response.headers = { ...(response.headers as Json | undefined), ...replayedHeader };
      }
      operation.responses = {
        ...operation.responses,
        ...errorResponses(errorCodesOf(path, method, operation)),
      };
    }
  }
  return document as ReturnType<typeof jsonSchemaTransformObject>;
}
