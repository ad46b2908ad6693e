import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateUserBodySchema, userSchema } from '@contract/auth';
import { userIdOf } from '../../plugins/session';
import type { EmailVerificationService } from '../email-verification/email-verification.service';
import { toUser } from './user.mapper';
import { getUser, updateProfile } from './user.service';

export const userRoutes: FastifyPluginAsyncZod<{ verification: EmailVerificationService }> = async (
  app,
  { verification },
) => {
  app.get('/', { schema: { response: { 200: userSchema } } }, async (request) =>
    toUser(await getUser(app.db, userIdOf(request))),
  );

  /**
   * Names and phone change at once. A new email is only requested here: it needs the current password and
   * takes effect when the new address opens its link (GET /api/auth/verification shows it as pending).
   */
  app.patch(
    '/',
    { schema: { body: updateUserBodySchema, response: { 200: userSchema } } },
    async (request) => {
      const userId = userIdOf(request);
      const { email, currentPassword, ...profile } = request.body;
      if (email !== undefined) await verification.requestChange(userId, email, currentPassword);
      return toUser(await updateProfile(app.db, userId, profile));
    },
  );
};
