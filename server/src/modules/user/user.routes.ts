import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateUserBodySchema, userSchema } from '@contract/auth';
import { userIdOf } from '../../plugins/session';
import { toUser } from './user.mapper';
import { getUser, updateProfile } from './user.service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: userSchema } } }, async (request) =>
    toUser(await getUser(app.db, userIdOf(request))),
  );

  app.patch('/', { schema: { body: updateUserBodySchema, response: { 200: userSchema } } }, async (request) =>
    toUser(await updateProfile(app.db, userIdOf(request), request.body)),
  );
};
