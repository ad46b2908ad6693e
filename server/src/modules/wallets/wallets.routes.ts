import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  depositBodySchema,
  depositResponseSchema,
  openWalletBodySchema,
  walletListSchema,
  walletSchema,
} from '@contract/wallets';
import { pathIdSchema } from '@contract/text';
import { userIdOf } from '../../plugins/session';
import { idempotencyOf, sendIdempotent } from '../idempotency/idempotency';
import type { WalletsService } from './wallets.service';

const walletParams = z.object({ id: pathIdSchema(100) });

export const walletRoutes: FastifyPluginAsyncZod<{ wallets: WalletsService }> = async (app, { wallets }) => {
  app.get(
    '/',
    { config: { accountant: 'read' }, schema: { response: { 200: walletListSchema } } },
    async (request) => wallets.list(userIdOf(request)),
  );

  app.post(
    '/',
    { schema: { body: openWalletBodySchema, response: { 201: walletSchema } } },
    async (request, reply) =>
      reply.status(201).send(await wallets.open(userIdOf(request), request.body.currency)),
  );

  app.post(
    '/:id/deposit',
    {
      config: { idempotent: true },
      schema: { params: walletParams, body: depositBodySchema, response: { 201: depositResponseSchema } },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await wallets.deposit(idempotencyOf(request, userIdOf(request)), request.params.id, request.body),
      ),
  );
};
