import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  statementListSchema,
  statementParamsSchema,
  statementQuerySchema,
  verifyResultSchema,
} from '@contract/statements';
import { userIdOf } from '../../plugins/session';
import type { StatementsService } from './statements.service';

/**
 * Under /api/statements: the signed-in user's own statements (another user's wallet is a 404). All read-only,
 * so an accountant reading the owner's books may call them.
 */
export const statementRoutes: FastifyPluginAsyncZod<{ statements: StatementsService }> = async (
  app,
  { statements },
) => {
  app.get(
    '/',
    { config: { accountant: 'read' }, schema: { response: { 200: statementListSchema } } },
    async (request) => statements.list(userIdOf(request)),
  );

  // Registered before /:month/:format, though the router would tell them apart anyway.
  app.get(
    '/verify',
    { config: { accountant: 'read' }, schema: { response: { 200: verifyResultSchema } } },
    async (request) => statements.verify(userIdOf(request)),
  );

  app.get(
    '/:month/:format',
    {
      config: { accountant: 'read' },
      schema: { params: statementParamsSchema, querystring: statementQuerySchema },
    },
    async (request, reply) => {
      const { month, format } = request.params;
      const file = await statements.file(userIdOf(request), month, format, request.query.wallet);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
};
