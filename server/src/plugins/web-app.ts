import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '@contract/errors';

/**
 * Serves the built web app with an SPA fallback: any GET that is not a file and not under /api gets
 * index.html, so deep links work. `/` gets landing.html instead: the landing page prerendered at build time
 * (scripts/prerender.tsx), which paints before any script runs. Unknown /api paths stay JSON 404s, never
 * the page.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const root = options.distDir ? resolve(options.distDir) : '';
  const hasWebApp = root !== '' && existsSync(resolve(root, 'index.html'));
  const hasLanding = hasWebApp && existsSync(resolve(root, 'landing.html'));
  if (!hasWebApp) {
    if (root) app.log.warn({ root }, 'web app not built; serving the API only (run `npm run build`)');
  } else {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        // Vite fingerprints everything under assets/, so it can be cached for good.
        const immutable = path.includes(`${'/'}assets${'/'}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // A route of its own (not the fallback below) so that it is compressed like any route: ~34 KB of
    // prerendered HTML goes out as ~7 KB.
    if (hasLanding) {
      app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('landing.html'));
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && request.url !== '/api';
    if (hasWebApp && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const body: ErrorBody = {
      code: 'NOT_FOUND',
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
    };
    // Under /api the no-store hook already says so; this also covers /api itself and paths like /%61pi/….
    return reply.status(404).header('cache-control', 'no-store').send(body);
  });
});
