import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryListSchema,
  categoryRuleListSchema,
  categorySchema,
  categoryTotalsQuerySchema,
  categoryTotalsSchema,
  createCategoryBodySchema,
  createRuleBodySchema,
  ruleResultSchema,
  updateCategoryBodySchema,
  updateRuleBodySchema,
} from '@contract/categories';
import { pathIdSchema } from '@contract/text';
import { userIdOf } from '../../plugins/session';
import type { CategoriesService } from './categories.service';

const params = z.object({ id: pathIdSchema(100) });
const read = { accountant: 'read' } as const;

/**
 * Under /api/categories: the categories (built-in and the user's own), the rules, and the totals. An
 * accountant may read them; making and changing categories and rules is the owner's.
 */
export const categoryRoutes: FastifyPluginAsyncZod<{ categories: CategoriesService }> = async (
  app,
  { categories },
) => {
  app.get('/', { config: read, schema: { response: { 200: categoryListSchema } } }, async (request) =>
    categories.list(userIdOf(request)),
  );

  app.post(
    '/',
    { schema: { body: createCategoryBodySchema, response: { 201: categorySchema } } },
    async (request, reply) =>
      reply.status(201).send(await categories.create(userIdOf(request), request.body)),
  );

  app.patch(
    '/:id',
    { schema: { params, body: updateCategoryBodySchema, response: { 200: categorySchema } } },
    async (request) => categories.update(userIdOf(request), request.params.id, request.body),
  );

  app.delete('/:id', { schema: { params } }, async (request, reply) => {
    await categories.remove(userIdOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get(
    '/totals',
    {
      config: read,
      schema: { querystring: categoryTotalsQuerySchema, response: { 200: categoryTotalsSchema } },
    },
    async (request) => categories.totals(userIdOf(request), request.query),
  );

  app.get(
    '/rules',
    { config: read, schema: { response: { 200: categoryRuleListSchema } } },
    async (request) => categories.rules(userIdOf(request)),
  );

  app.post(
    '/rules',
    { schema: { body: createRuleBodySchema, response: { 201: ruleResultSchema } } },
    async (request, reply) =>
      reply.status(201).send(await categories.createRule(userIdOf(request), request.body)),
  );

  app.patch(
    '/rules/:id',
    { schema: { params, body: updateRuleBodySchema, response: { 200: ruleResultSchema } } },
    async (request) => categories.updateRule(userIdOf(request), request.params.id, request.body),
  );

  app.delete('/rules/:id', { schema: { params } }, async (request, reply) => {
    await categories.removeRule(userIdOf(request), request.params.id);
    return reply.status(204).send();
  });
};
