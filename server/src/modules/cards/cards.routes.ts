import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardControlsSchema,
  cardLimitsSchema,
  cardSchema,
  cardStatusBodySchema,
  createCardBodySchema,
  providerStatusSchema,
  purchaseBodySchema,
  purchaseResultSchema,
  revealCardBodySchema,
  revealedCardSchema,
} from '@contract/cards';
import { pathIdSchema } from '@contract/text';
import { userIdOf } from '../../plugins/session';
import { idempotencyOf, sendIdempotent } from '../idempotency/idempotency';
import type { CardsService } from './cards.service';

const params = z.object({ id: pathIdSchema(100) });

/**
 * Under /api: the sketch's paths (`GET /cards`, `GET /stripe/status`, `POST /stripe/create-card`,
 * `PUT /stripe/card/{cardId}/status`) and the cards' own (`PUT /cards/{id}/controls|limits`,
 * `POST /cards/{id}/reveal`, `POST /cards/{id}/purchases`).
 */
export const cardRoutes: FastifyPluginAsyncZod<{ cards: CardsService }> = async (app, { cards }) => {
  app.get('/cards', { schema: { response: { 200: z.array(cardSchema) } } }, async (request) =>
    cards.list(userIdOf(request)),
  );

  app.get('/stripe/status', { schema: { response: { 200: providerStatusSchema } } }, async (request) =>
    cards.providerStatus(userIdOf(request)),
  );

  app.post(
    '/stripe/create-card',
    { schema: { body: createCardBodySchema, response: { 201: cardSchema } } },
    async (request, reply) => reply.status(201).send(await cards.create(userIdOf(request), request.body)),
  );

  app.put(
    '/stripe/card/:cardId/status',
    {
      schema: {
        params: z.object({ cardId: pathIdSchema(100) }),
        body: cardStatusBodySchema,
        response: { 200: cardSchema },
      },
    },
    async (request) => cards.setStatus(userIdOf(request), request.params.cardId, request.body),
  );

  app.put(
    '/cards/:id/controls',
    { schema: { params, body: cardControlsSchema, response: { 200: cardSchema } } },
    async (request) => cards.setControls(userIdOf(request), request.params.id, request.body),
  );

  app.put(
    '/cards/:id/limits',
    { schema: { params, body: cardLimitsSchema, response: { 200: cardSchema } } },
    async (request) => cards.setLimits(userIdOf(request), request.params.id, request.body),
  );

  app.post(
    '/cards/:id/reveal',
    {
      // Each try checks a password: a stolen session must not become a password-guessing machine.
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: { params, body: revealCardBodySchema, response: { 200: revealedCardSchema } },
    },
    async (request) => cards.reveal(userIdOf(request), request.params.id, request.body.password),
  );

  app.post(
    '/cards/:id/purchases',
    {
      config: { idempotent: true },
      schema: { params, body: purchaseBodySchema, response: { 201: purchaseResultSchema } },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await cards.purchase(idempotencyOf(request, userIdOf(request)), request.params.id, request.body),
      ),
  );
};
