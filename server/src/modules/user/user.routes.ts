import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateUserBodySchema, userSchema } from '@contract/auth';
import { userIdOf } from '../../plugins/session';
import { toUser } from './user.mapper';
import type { UserService } from './user.service';

/** GET|PATCH /api/user: the signed-in user's profile. */
export const userRoutes: FastifyPluginAsyncZod<{ users: UserService }> = async (app, { users }) => {
  app.get('/', { schema: { response: { 200: userSchema } } }, async (request) =>
    toUser(await users.get(userIdOf(request))),
  );

  app.patch('/', { schema: { body: updateUserBodySchema, response: { 200: userSchema } } }, async (request) =>
    toUser(await users.update(userIdOf(request), request.body)),
  );
};
