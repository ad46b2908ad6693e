import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBodySchema,
  endOtherSessionsAnswerSchema,
  endOtherSessionsBodySchema,
  securitySettingsSchema,
  sessionListSchema,
  updateSecuritySettingsBodySchema,
} from '@contract/security';
import { unauthenticated } from '../../lib/errors';
import type { FastifyRequest } from 'fastify';
import type { AuthService } from './auth.service';
import type { SecuritySettingsService } from './security-settings';

/** The signed-in session (routes here are never public, so the session hook has set it). */
function sessionOf(request: FastifyRequest) {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

// Each try may check a password: a stolen session must not become a password-guessing machine. This is per
// address; the account's own count is in the service (password-check.ts).
const passwordTries = { rateLimit: { max: 5, timeWindow: '1 minute' } };

const params = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, 'Not a valid session id') });

/**
 * Under /api/user: POST /password, GET /sessions, DELETE /sessions/{id}, DELETE /sessions {password,
 * revokeStandingCredentials?} (all others, and optionally every API key, webhook secret and accountant grant),
 * GET|PUT /security-settings (turning alerts off needs `password`).
 */
export const securityRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  settings: SecuritySettingsService;
}> = async (app, { auth, settings }) => {
  app.post(
    '/password',
    {
      config: passwordTries,
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

  app.delete(
    '/sessions',
    {
      config: passwordTries,
      schema: { body: endOtherSessionsBodySchema, response: { 200: endOtherSessionsAnswerSchema } },
    },
    async (request) => {
      const { userId, sessionId } = sessionOf(request);
      return auth.endOtherSessions(userId, sessionId, request.body);
    },
  );

  app.get('/security-settings', { schema: { response: { 200: securitySettingsSchema } } }, async (request) =>
    settings.get(sessionOf(request).userId),
  );

  app.put(
    '/security-settings',
    {
      config: passwordTries,
      schema: { body: updateSecuritySettingsBodySchema, response: { 200: securitySettingsSchema } },
    },
    async (request) => settings.update(sessionOf(request).userId, request.body),
  );
};
