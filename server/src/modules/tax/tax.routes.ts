import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  taxEstimateAnswerSchema,
  taxProfileAnswerSchema,
  taxProfileBodySchema,
  taxProfileSchema,
} from '@contract/tax';
import { userIdOf } from '../../plugins/session';
import type { TaxService } from './tax.service';

const read = { accountant: 'read' } as const;

/** Under /api/tax: an accountant may read the profile and the estimate; setting the profile is the owner's. */
export const taxRoutes: FastifyPluginAsyncZod<{ tax: TaxService }> = async (app, { tax }) => {
  app.get(
    '/profile',
    { config: read, schema: { response: { 200: taxProfileAnswerSchema } } },
    async (request) => ({
      profile: await tax.profile(userIdOf(request)),
    }),
  );

  app.put(
    '/profile',
    { schema: { body: taxProfileBodySchema, response: { 200: taxProfileSchema } } },
    async (request) => tax.saveProfile(userIdOf(request), request.body),
  );

  app.get(
    '/estimate',
    { config: read, schema: { response: { 200: taxEstimateAnswerSchema } } },
    async (request) => tax.estimate(userIdOf(request)),
  );
};
