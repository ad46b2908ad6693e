import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_DOCS_PATH, OPENAPI_PATH } from '@contract/openapi';
import type { App } from '../../http';
import { describeDocument, securitySchemes } from './openapi-document';
import { describeRoute } from './openapi-routes';

// Swagger UI's colours, darkened where its text falls short of the contrast the app keeps (see the file).
const docsTheme = readFileSync(new URL('./docs-theme.css', import.meta.url), 'utf8');

const packageJson = JSON.parse(
  readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

/**
 * The API's OpenAPI 3.1 description, built from the routes' own zod schemas as they register (so this must be
 * registered before any module's routes), served at /api/openapi.json and rendered at /api/docs by Swagger UI
 * from this server's own files (no CDN, and no change to the app's Content-Security-Policy: the UI loads only
 * scripts and styles of its own origin).
 */
export async function openApiModule(app: App): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Meridian',
        version: packageJson.version,
        description:
          'Banking and finance for freelancers. Amounts are decimal strings with their currency, never ' +
          'floats. Every error answer is the `Error` schema.',
      },
      components: { securitySchemes },
      security: [{ cookieAuth: [] }, { bearerAuth: [] }],
    },
    transform: describeRoute,
    transformObject: describeDocument,
  });

  // Built on the first request, once every route is registered; the same until the server restarts.
  let served: { body: string; etag: string } | undefined;
  app.get(OPENAPI_PATH, { config: { public: true, cacheable: true } }, async (request, reply) => {
    if (!served) {
      const body = JSON.stringify(app.swagger());
      served = { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
    }
    void reply.header('cache-control', 'public, max-age=300').header('etag', served.etag);
    if (request.headers['if-none-match'] === served.etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(served.body);
  });

  // The docs page and its files are public and the same for everyone. Marked here, in their own context, as
  // the plugin takes no route config.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true, cacheable: true };
    });
    await docs.register(fastifySwaggerUi, {
      routePrefix: API_DOCS_PATH,
      uiConfig: {
        // No top bar, whose box loads any other document into the page.
        layout: 'BaseLayout',
        // Deep links are anchors inside each operation's expand button, a control within a control that
        // screen readers do not announce (axe's nested-interactive). Without them the path is plain text and
        // the button alone opens the operation; the cost is that an operation has no address of its own.
        deepLinking: false,
        // Tags start closed: the page is a short list of every module's tag, and opening one renders its
        // operations. Opened all at once, the list passes the 150 rows above which Swagger UI renders only
        // the rows near the viewport, hiding the rest from find-in-page and from screen readers' browsing.
        docExpansion: 'none',
        // The Schemas section is listed, closed until asked for.
        defaultModelsExpandDepth: 0,
        // The example payloads' colours: the default theme (agate) draws numbers at 3.4:1 on its dark
        // background; arta's colours are all above 4.5:1.
        syntaxHighlight: { theme: 'arta' },
        // A reference, not a console: "Try it out" would send real requests with the reader's own session
        // (a payment included), and its request-body box has no label. Scripts call the API with a key.
        supportedSubmitMethods: [],
      },
      theme: {
        title: 'Meridian API reference',
        css: [{ filename: 'docs-theme.css', content: docsTheme }],
      },
    });
  });
}
