import SwaggerParser from '@apidevtools/swagger-parser';
import { beforeAll, expect, it } from 'vitest';
import { errorCodes } from '@contract/errors';
import { IDEMPOTENCY_HEADER, OPENAPI_PATH } from '@contract/openapi';
import { describeEachDatabase } from '../../test/test-app';
import { ERROR_SCHEMA_REF } from './openapi-document';
import { isDescribed, undescribedApiRoutes } from './openapi-routes';

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  'x-api-key-scope'?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: { format?: string } }[];
  requestBody?: unknown;
  responses: Record<string, { headers?: object; content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: { code?: { enum?: string[] } } }> };
}

/** `/api/invoices/:id` as OpenAPI writes it: `/api/invoices/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describeEachDatabase('OpenAPI description', (ctx) => {
  let document: Document;
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

  beforeAll(async () => {
    document = (await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
  });

  it('is served publicly, cacheable, as OpenAPI 3.1 for Meridian at its version', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Meridian');
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);

    const again = await ctx.app.inject({
      method: 'GET',
      url: OPENAPI_PATH,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('validates with an OpenAPI validator', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('lists every registered route with its method, but the documented exclusions', () => {
    const described = new Set(operations().map(({ path, method }) => `${method.toUpperCase()} ${path}`));
    const expected = ctx.app.routeList
      .flatMap(({ method, url }) => [method].flat().map((m) => ({ method: m, url })))
      .filter(({ method, url }) => isDescribed(method, url))
      .map(({ method, url }) => `${method} ${openApiPath(url)}`);
    expect(expected.length).toBeGreaterThan(100);
    expect([...described].sort()).toEqual([...new Set(expected)].sort());
    // The exclusions name real routes, so a renamed one does not slip into the document unnoticed.
    const registered = new Set(
      ctx.app.routeList.flatMap(({ method, url }) => [method].flat().map((m) => `${m} ${url}`)),
    );
    for (const route of undescribedApiRoutes) expect(registered, route).toContain(route);
  });

  it('names each operation once and groups it by module', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const transfer = document.paths['/api/transactions']?.post;
    expect(transfer?.operationId).toBe('postTransactions');
    expect(transfer?.tags).toEqual(['transactions']);
  });

  it('requires a UUID Idempotency-Key on money-moving POSTs only', () => {
    const header = (operation: Operation) =>
      operation.parameters?.find((p) => p.in === 'header' && p.name === IDEMPOTENCY_HEADER);
    const transfer = document.paths['/api/transactions']!.post!;
    expect(header(transfer)).toMatchObject({ required: true, schema: { format: 'uuid' } });
    const keyed = operations().filter(({ operation }) => header(operation));
    expect(keyed.length).toBeGreaterThanOrEqual(10);
    for (const { method } of keyed) expect(method).toBe('post');
    expect(header(document.paths['/api/wallets']!.get!)).toBeUndefined();
    expect(transfer.responses['201']).toMatchObject({ headers: { 'Idempotent-Replayed': {} } });
  });

  it('says the error shape once, and every error answer points at it', () => {
    const error = document.components.schemas.Error;
    expect(error?.properties?.code?.enum).toEqual([...errorCodes]);
    let errorAnswers = 0;
    for (const { path, method, operation } of operations()) {
      const statuses = Object.keys(operation.responses);
      expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['429', '500']));
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        errorAnswers += 1;
        expect(operation.responses[status]!.content, `${method} ${path} ${status}`).toEqual({
          'application/json': { schema: { $ref: ERROR_SCHEMA_REF } },
        });
      }
    }
    expect(errorAnswers).toBeGreaterThan(500);
    const transfer = document.paths['/api/transactions']!.post!;
    expect(Object.keys(transfer.responses)).toEqual(
      expect.arrayContaining(['400', '401', '403', '409', '422', '429']),
    );
  });

  it('needs no credentials on public routes and a session or key elsewhere', () => {
    const publicRoutes = new Set(
      ctx.app.routeList
        .filter((route) => route.public)
        .flatMap(({ method, url }) => [method].flat().map((m) => `${m.toLowerCase()} ${openApiPath(url)}`)),
    );
    for (const { path, method, operation } of operations()) {
      const isPublic = publicRoutes.has(`${method} ${path}`);
      if (isPublic) expect(operation.security, `${method} ${path}`).toEqual([]);
      else expect(operation.security, `${method} ${path}`).not.toEqual([]);
    }
    expect(document.paths['/api/auth/login']?.post?.security).toEqual([]);
    // Readable with any key; sending needs a payments key; managing keys needs the session itself.
    expect(document.paths['/api/wallets']?.get?.security).toBeUndefined();
    expect(document.paths['/api/wallets']?.get?.['x-api-key-scope']).toBe('read');
    expect(document.paths['/api/transactions']?.post?.['x-api-key-scope']).toBe('payments');
    expect(document.paths['/api/api-keys']?.post?.security).toEqual([{ cookieAuth: [] }]);
    expect(JSON.stringify(document)).toContain('"bearerAuth"');
  });

  it('serves the docs page from its own files, under the app’s Content-Security-Policy', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(3);
    expect(assets).toContain('./static/theme/docs-theme.css');
    for (const asset of assets) {
      expect(asset, 'no CDN').not.toMatch(/^(https?:)?\/\//);
      const file = await ctx.app.inject({
        method: 'GET',
        url: new URL(asset, 'http://x/api/docs/').pathname,
      });
      expect(file.statusCode, asset).toBe(200);
    }
  });
});
