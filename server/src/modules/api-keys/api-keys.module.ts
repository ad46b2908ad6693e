import type { App } from '../../http';
import { apiKeyRoutes } from './api-keys.routes';
import type { ApiKeysService } from './api-keys.service';

/**
 * Personal API keys: the owner's routes to make, list and revoke them. The service is made before the request
 * guards (app.ts), whose session layer asks it about every bearer call.
 */
export async function apiKeysModule(app: App, deps: { keys: ApiKeysService }) {
  await app.register(apiKeyRoutes, { prefix: '/api/api-keys', keys: deps.keys });
}
