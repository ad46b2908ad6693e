import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NEXT_CURSOR_HEADER,
  transactionExportQuerySchema,
  transactionListQuerySchema,
  transactionSchema,
} from '@contract/transactions';
import { userIdOf } from '../../plugins/session';
import type { TransactionsService } from './transactions.service';

/**
 * The signed-in user's history: GET / is always a plain array (the sketch's call), paged by the
 * X-Next-Cursor header (see contract/src/transactions.ts); GET /export.csv streams the filtered history.
 */
export const transactionRoutes: FastifyPluginAsyncZod<{ transactions: TransactionsService }> = async (
  app,
  { transactions },
) => {
  app.get(
    '/',
    { schema: { querystring: transactionListQuerySchema, response: { 200: z.array(transactionSchema) } } },
    async (request, reply) => {
      const { query } = request;
      const page = await transactions.page(userIdOf(request), query);
      if (page.nextCursor) {
        const next = new URLSearchParams({
          type: query.type,
          limit: String(query.limit),
          cursor: page.nextCursor,
        });
        reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        reply.header('link', `</api/transactions?${next}>; rel="next"`);
      }
      return page.items;
    },
  );

  app.get('/export.csv', { schema: { querystring: transactionExportQuerySchema } }, async (request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="meridian-transactions.csv"')
      .header('cache-control', 'no-store')
      .send(Readable.from(transactions.exportCsv(userIdOf(request), request.query.type))),
  );
};
