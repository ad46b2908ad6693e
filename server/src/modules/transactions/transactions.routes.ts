import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { transactionListQuerySchema, transactionSchema } from '@contract/transactions';
import { userIdOf } from '../../plugins/session';
import { toTransaction } from './transactions.mapper';
import { listTransactions } from './transactions.repository';

/** The signed-in user's history, newest first. Filters, cursors and CSV export belong to the history screen's issue. */
export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { querystring: transactionListQuerySchema, response: { 200: z.array(transactionSchema) } } },
    async (request) =>
      (await listTransactions(app.db, userIdOf(request), request.query.limit)).map(toTransaction),
  );
};
