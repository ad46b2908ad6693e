import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { AuthService } from '../auth/auth.service';
import type { CredentialGuard } from '../auth/credential-guard';
import { apiKeyRoutes } from './api-keys.routes';
import { createApiKeysService, type ApiKeysService } from './api-keys.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The session layer asks it about every bearer call (app.ts). */
    apiKeys: ApiKeysService;
  }
}

/**
 * Personal API keys: the owner's routes to make, list and revoke them, and the service the session layer
 * asks about every bearer call. A password reset (or "sign out everywhere" with the option) revokes every
 * key: whoever made one with a stolen session keeps nothing.
 */
export async function apiKeysModule(
  app: App,
  deps: { db: Kysely<Database>; auth: AuthService; credentials: CredentialGuard },
) {
  const { db, auth, credentials } = deps;
  const keys = createApiKeysService({ db, credentials });
  app.decorate('apiKeys', keys);
  auth.onStandingCredentialsRevoked(async (trx, userId, at) => ({
    apiKeys: await keys.revokeAllOf(trx, userId, at),
  }));
  await app.register(apiKeyRoutes, { prefix: '/api/api-keys', keys });
}
