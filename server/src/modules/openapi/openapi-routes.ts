import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_DOCS_PATH, IDEMPOTENCY_HEADER, OPENAPI_PATH } from '@contract/openapi';
import { apiKeyNeedOf } from '../../plugins/api-key-scope';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonSchema = { type?: string; properties?: Record<string, unknown>; required?: string[] };

/**
 * API routes a customer's code has no use for, left out of the description: Stripe's webhook (only Stripe
 * calls it, signed with Stripe's secret), the notification stream (an EventSource bound to the browser's
 * session cookie; a script hears of events through webhooks), and the description itself. Routes outside
 * /api (health and readiness probes, /metrics for the operator's scraper, the web app's files and pages) are
 * not the API and are never described; nor are the docs page's own files.
 */
export const undescribedApiRoutes: ReadonlySet<string> = new Set([
  'POST /api/webhooks/stripe',
  'GET /api/notifications/stream',
  `GET ${OPENAPI_PATH}`,
]);

/** Whether the API description lists this method of this route. HEAD is Fastify's copy of each GET. */
export function isDescribed(method: string, url: string): boolean {
  if (method === 'HEAD' || !url.startsWith('/api/')) return false;
  if (url === API_DOCS_PATH || url.startsWith(`${API_DOCS_PATH}/`)) return false;
  return !undescribedApiRoutes.has(`${method} ${url}`);
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `GET /api/invoices/:id/pdf` → `getInvoicesByIdPdf`: unique, as method and path are, and readable. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[-_.]/)));
  return [method.toLowerCase(), ...words.map(capitalised)].join('');
}

/** The module a route belongs to, by the first segment of its path: what the docs group operations under. */
export const tagOf = (url: string): string => url.replace(/^\/api\//, '').split('/')[0] ?? 'api';

const idempotencyHeader = {
  type: 'string',
  format: 'uuid',
  description:
    'A new UUID for each payment; send the same one to retry it. The same key with a different request ' +
    'is refused (422 IDEMPOTENCY_KEY_REUSED); a retry gets the first answer again and moves nothing twice.',
};

/** Adds the Idempotency-Key header, required, to a route's header schema. */
function withIdempotencyHeader(headers: unknown): JsonSchema {
  const schema = (headers ?? { type: 'object' }) as JsonSchema;
  return {
    ...schema,
    type: 'object',
    properties: { ...schema.properties, [IDEMPOTENCY_HEADER]: idempotencyHeader },
    required: [...(schema.required ?? []), IDEMPOTENCY_HEADER],
  };
}

/**
 * Each route's operation, from the zod schemas it validates with (fastify-type-provider-zod turns them into
 * JSON Schema) and its route config: who may call it (public routes need no credentials), and whether it moves
 * money (the Idempotency-Key header). Error responses are added for the whole document (openapi-document.ts).
 */
export function describeRoute(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { route, url } = input;
  const methods = [route.method].flat().filter((method) => method !== 'HEAD');
  const method = methods[0] ?? 'GET';
  if (!methods.some((each) => isDescribed(each, url))) return { schema: { hide: true }, url };
  const described = jsonSchemaTransform({ ...input, schema: input.schema ?? {} });
  const schema = described.schema as FastifySchema & Record<string, unknown>;
  if (schema.hide) return described;
  const config = route.config ?? {};
  // A module's root route answers at `/api/wallets` and `/api/wallets/`: the document names the first.
  const path = described.url.replace(/(.)\/$/, '$1');
  const keyNeed = apiKeyNeedOf(method, url.replace(/(.)\/$/, '$1'), config.apiKey);
  return {
    url: path,
    schema: {
      ...schema,
      operationId: operationIdOf(method, url),
      tags: [tagOf(url)],
      // Public: no credentials. Otherwise the session, and a key only where the key's scopes reach (the
      // same rule the server enforces, plugins/api-key-scope.ts): managing keys, passkeys or the password
      // takes a signed-in session.
      ...(config.public
        ? { security: [] }
        : keyNeed === 'never'
          ? { security: [{ cookieAuth: [] }] }
          : { 'x-api-key-scope': keyNeed }),
      ...(config.idempotent && { headers: withIdempotencyHeader(schema.headers) }),
    },
  };
}
