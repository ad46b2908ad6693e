import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInviteBodySchema,
  accountantAccessListSchema,
  confirmAccountantBodySchema,
  accountantAccessSchema,
  inviteAccountantBodySchema,
  openBooksBodySchema,
  openBooksSchema,
  readableBooksListSchema,
  readableBooksSchema,
} from '@contract/accountants';
import { pathIdSchema } from '@contract/text';
import { sessionOf, userIdOf } from '../../plugins/session';
import type { AccountantsService } from './accountants.service';

const params = z.object({ id: pathIdSchema(100) });
const ownerParams = z.object({ ownerId: pathIdSchema(100) });

/**
 * Under /api/accountants: the owner's side ("Accountant access" in the profile). Owner only (no `accountant`
 * mark): an accountant reading the books can never invite anyone or see who else reads them.
 */
export const accountantsRoutes: FastifyPluginAsyncZod<{ accountants: AccountantsService }> = async (
  app,
  { accountants },
) => {
  app.get('/', { schema: { response: { 200: accountantAccessListSchema } } }, async (request) =>
    accountants.list(userIdOf(request)),
  );

  app.post(
    '/invites',
    // Limited by the mailer's hourly cap on mail to others (MAIL_TO_OTHERS_PER_HOUR) and MAX_ACCOUNTANTS.
    { schema: { body: inviteAccountantBodySchema, response: { 201: accountantAccessSchema } } },
    async (request, reply) =>
      reply.status(201).send(await accountants.invite(userIdOf(request), request.body)),
  );

  app.delete('/:id', { schema: { params } }, async (request, reply) => {
    await accountants.revoke(userIdOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/:id/confirm',
    { schema: { params, body: confirmAccountantBodySchema, response: { 200: accountantAccessSchema } } },
    async (request) => accountants.confirm(userIdOf(request), request.params.id, request.body.password),
  );
};

/**
 * Under /api/accountant-access: the accountant's side. Marked 'self': whichever books the session has open,
 * these act on the signed-in person's own account (the acting user), never on an owner's.
 */
export const accountantAccessRoutes: FastifyPluginAsyncZod<{ accountants: AccountantsService }> = async (
  app,
  { accountants },
) => {
  const self = { accountant: 'self' } as const;

  app.get('/', { config: self, schema: { response: { 200: readableBooksListSchema } } }, async (request) =>
    accountants.readable(sessionOf(request).actingUserId),
  );

  app.post(
    '/accept',
    {
      // The token is 128 random bits: the API's own rate limit is enough against noise.
      config: self,
      schema: { body: acceptInviteBodySchema, response: { 200: readableBooksSchema } },
    },
    async (request) => accountants.accept(sessionOf(request).actingUserId, request.body.token),
  );

  app.put(
    '/open',
    {
      config: self,
      schema: { body: openBooksBodySchema, response: { 200: z.object({ books: openBooksSchema }) } },
    },
    async (request) => {
      const { actingUserId, sessionId } = sessionOf(request);
      return { books: await accountants.open(actingUserId, sessionId, request.body.ownerId) };
    },
  );

  app.delete('/:ownerId', { config: self, schema: { params: ownerParams } }, async (request, reply) => {
    const { actingUserId, sessionId } = sessionOf(request);
    await accountants.leave(actingUserId, sessionId, request.params.ownerId);
    return reply.status(204).send();
  });
};
