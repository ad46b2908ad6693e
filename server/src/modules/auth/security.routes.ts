import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordBodySchema, securitySettingsSchema, sessionListSchema } from '@contract/security';
import { unauthenticated } from '../../lib/errors';
import type { FastifyRequest } from 'fastify';
import type { AuthService } from './auth.service';
import type { SecuritySettingsService } from './security-settings';

/** The signed-in session (routes here are never public, so the session hook has set it). */
function sessionOf(request: FastifyRequest) {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

const params = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, 'Not a valid session id') });

/**
 * Under /api/user: POST /password, GET /sessions, DELETE /sessions/{id}, DELETE /sessions (all others),
 * GET|PUT /security-settings.
 */
export const securityRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  settings: SecuritySettingsService;
}> = async (app, { auth, settings }) => {
  app.post(
    '/password',
    {
      // Each try checks a password: a stolen session must not become a password-guessing machine.
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: { body: changePasswordBodySchema },
    },
    async (request, reply) => {
      const { userId, sessionId } = sessionOf(request);
      await auth.changePassword(userId, sessionId, request.body);
      return reply.status(204).send();
    },
  );

  app.get('/sessions', { schema: { response: { 200: sessionListSchema } } }, async (request) => {
    const { userId, sessionId } = sessionOf(request);
    return auth.listSessions(userId, sessionId);
  });

  app.delete('/sessions/:id', { schema: { params } }, async (request, reply) => {
    await auth.endSession(sessionOf(request).userId, request.params.id);
    return reply.status(204).send();
  });

  app.delete('/sessions', async (request) => {
    const { userId, sessionId } = sessionOf(request);
    return { ended: await auth.endOtherSessions(userId, sessionId) };
  });

  app.get('/security-settings', { schema: { response: { 200: securitySettingsSchema } } }, async (request) =>
    settings.get(sessionOf(request).userId),
  );

  app.put(
    '/security-settings',
    { schema: { body: securitySettingsSchema, response: { 200: securitySettingsSchema } } },
    async (request) => settings.update(sessionOf(request).userId, request.body),
  );
};
