import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountantPackQuerySchema } from '@contract/accountant-pack';
import { userIdOf } from '../../plugins/session';
import type { AccountantPackService } from './accountant-pack.service';

/**
 * Packs per user per minute. A pack reads a whole period and renders every invoice PDF in it: a few a minute
 * is plenty for a person (a quarter, then the year), and keeps one account from tying up the server.
 */
export const PACKS_PER_MINUTE = 4;

/** GET /api/accountant-pack?from=&to= — the period's pack as one streamed ZIP (contract/src/accountant-pack.ts). */
export const accountantPackRoutes: FastifyPluginAsyncZod<{ packs: AccountantPackService }> = async (
  app,
  { packs },
) => {
  app.get(
    '/',
    {
      config: {
        accountant: 'read',
        // Counted per signed-in user (the session is resolved before a route's own hooks), not per address:
        // it is the account's work being bounded, and an office behind one address has many people.
        rateLimit: {
          max: PACKS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request) => `accountant-pack:${request.auth?.userId ?? request.ip}`,
        },
      },
      schema: { querystring: accountantPackQuerySchema },
    },
    async (request, reply) => {
      const { filename, zip } = packs.pack(userIdOf(request), request.query);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );
};
