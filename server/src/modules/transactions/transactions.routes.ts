import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@contract/text';
import { historyRowSchema } from '@contract/categories';
import {
  NEXT_CURSOR_HEADER,
  transactionExportQuerySchema,
  transactionListQuerySchema,
} from '@contract/transactions';
import { userIdOf } from '../../plugins/session';
import type { TransactionsService } from './transactions.service';

/**
 * The signed-in user's history: GET / is always a plain array (the sketch's call), paged by the
 * X-Next-Cursor header (see contract/src/transactions.ts); GET /export.csv streams the filtered history;
 * GET /:id/receipt.pdf is one transaction's receipt.
 */
export const transactionRoutes: FastifyPluginAsyncZod<{ transactions: TransactionsService }> = async (
  app,
  { transactions },
) => {
  app.get(
    '/',
    { schema: { querystring: transactionListQuerySchema, response: { 200: z.array(historyRowSchema) } } },
    async (request, reply) => {
      const { query } = request;
      const page = await transactions.page(userIdOf(request), query);
      if (page.nextCursor) {
        const next = new URLSearchParams({
          type: query.type,
          ...(query.q === undefined ? {} : { q: query.q }),
          ...(query.from === undefined ? {} : { from: query.from }),
          ...(query.to === undefined ? {} : { to: query.to }),
          ...(query.category === undefined ? {} : { category: query.category }),
          limit: String(query.limit),
          cursor: page.nextCursor,
        });
        reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        reply.header('link', `</api/transactions?${next}>; rel="next"`);
      }
      return page.items;
    },
  );

  app.get(
    '/export.csv',
    { schema: { querystring: transactionExportQuerySchema } },
    async (request, reply) => {
      const { type, ...search } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="meridian-transactions.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(transactions.exportCsv(userIdOf(request), type, search)));
    },
  );

  app.get(
    '/:id/receipt.pdf',
    { schema: { params: z.object({ id: pathIdSchema(100) }) } },
    async (request, reply) => {
      const receipt = await transactions.receipt(userIdOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${receipt.filename}"`)
        .header('cache-control', 'no-store')
        .send(receipt.content);
    },
  );
};
