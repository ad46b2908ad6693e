import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createGoalBodySchema,
  goalMoveBodySchema,
  savingsGoalSchema,
  updateGoalBodySchema,
} from '@contract/goals';
import { pathIdSchema } from '@contract/text';
import { userIdOf } from '../../plugins/session';
import { idempotencyOf, sendIdempotent } from '../idempotency/idempotency';
import type { GoalsService } from './goals.service';

const params = z.object({ id: pathIdSchema(100) });

export const goalRoutes: FastifyPluginAsyncZod<{ goals: GoalsService }> = async (app, { goals }) => {
  app.get(
    '/',
    { config: { accountant: 'read' }, schema: { response: { 200: z.array(savingsGoalSchema) } } },
    async (request) => goals.list(userIdOf(request)),
  );

  app.post(
    '/',
    { schema: { body: createGoalBodySchema, response: { 201: savingsGoalSchema } } },
    async (request, reply) => reply.status(201).send(await goals.create(userIdOf(request), request.body)),
  );

  // Contribute and withdraw: the same request, money moving the other way.
  for (const action of ['contribute', 'withdraw'] as const) {
    app.post(
      `/:id/${action}`,
      {
        config: { idempotent: true },
        schema: { params, body: goalMoveBodySchema, response: { 201: savingsGoalSchema } },
      },
      async (request, reply) =>
        sendIdempotent(
          reply,
          await goals[action](idempotencyOf(request, userIdOf(request)), request.params.id, request.body),
        ),
    );
  }

  app.patch(
    '/:id',
    { schema: { params, body: updateGoalBodySchema, response: { 200: savingsGoalSchema } } },
    async (request) => goals.update(userIdOf(request), request.params.id, request.body),
  );

  app.delete('/:id', { schema: { params } }, async (request, reply) => {
    await goals.remove(userIdOf(request), request.params.id);
    return reply.status(204).send();
  });
};
