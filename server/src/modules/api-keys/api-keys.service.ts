import type { Kysely } from 'kysely';
import {
  MAX_API_KEY_DAYS,
  MAX_API_KEYS,
  type ApiKey,
  type ApiKeyList,
  type CreatedApiKey,
} from '@contract/api-keys';
import { lockPerUser } from '../../db/per-user-lock';
import type { Database } from '../../db/schema';
import { AppError, invalidFields, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { ApiKeyLookup } from '../../plugins/session';
import type { CredentialGuard } from '../auth/credential-guard';
import { hashApiKeySecret, newApiKeySecret } from './api-key-secret';
import { toApiKey } from './api-keys.mapper';
import { apiKeyCreatedNews } from './api-keys.messages';
import * as repo from './api-keys.repository';

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

const DAY = 86_400_000;
/** A key's last use is written at most this often, so a busy script costs no write per call. */
const TOUCH_EVERY_MS = 60_000;

/** The moment a key whose last day is `day` (UTC) stops working: the start of the next day. */
function expiryOf(day: string, now: Date): string {
  const end = new Date(Date.parse(`${day}T00:00:00Z`) + DAY);
  if (end.getTime() <= now.getTime())
    throw invalidFields({ expiresOn: 'The expiry date must be today or later' });
  if (end.getTime() - now.getTime() > (MAX_API_KEY_DAYS + 1) * DAY)
    throw invalidFields({ expiresOn: `The expiry date can be at most ${MAX_API_KEY_DAYS} days ahead` });
  return end.toISOString();
}

/**
 * Personal API keys: made (with the password again; the owner is mailed and notified), listed and revoked by
 * their owner, all revoked by a password reset; looked up for every bearer call.
 */
export function createApiKeysService(deps: { db: Kysely<Database>; credentials: CredentialGuard }) {
  const { db, credentials } = deps;

  return {
    async list(userId: string): Promise<ApiKeyList> {
      return { keys: (await repo.listApiKeys(db, userId)).map(toApiKey) };
    },

    async create(
      userId: string,
      body: { name: string; scope: ApiKey['scope']; expiresOn?: string | null; password: string },
    ): Promise<CreatedApiKey> {
      const now = new Date();
      const expiresAt = body.expiresOn ? expiryOf(body.expiresOn, now) : null;
      const owner = await credentials.confirm(userId, body.password);
      const created = await db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .select('is_demo')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        await lockPerUser(trx, 'api-keys', userId);
        if ((await repo.countLiveApiKeys(trx, userId, now.toISOString())) >= MAX_API_KEYS)
          throw new AppError(
            'BUSINESS_RULE',
            `You can have at most ${MAX_API_KEYS} API keys. Revoke one you no longer use first.`,
          );
        const { secret, prefix, hash } = newApiKeySecret(Number(user.is_demo) === 1);
        const row = {
          id: newId(),
          user_id: userId,
          name: body.name,
          prefix,
          secret_hash: hash,
          scope: body.scope,
          created_at: now.toISOString(),
          last_used_at: null,
          expires_at: expiresAt,
          revoked_at: null,
        };
        await repo.insertApiKey(trx, row);
        await credentials.announce(trx, owner, apiKeyCreatedNews(row));
        return { ...toApiKey(row), secret };
      });
      credentials.sent();
      return created;
    },

    async revoke(userId: string, id: string): Promise<void> {
      if (!(await repo.revokeApiKey(db, userId, id, new Date().toISOString()))) throw notFound('API key');
    },

    /** Every key of the user stops working, in `trx` (a password reset); answers how many did. */
    revokeAllOf: (trx: Kysely<Database>, userId: string, at: string) =>
      repo.revokeAllApiKeysOf(trx, userId, at),

    /** The key a bearer secret names, from the database on every call; marks it used once a minute at most. */
    async lookup(secret: string): Promise<ApiKeyLookup> {
      const key = await repo.findApiKeyByHash(db, hashApiKeySecret(secret));
      if (!key) return { found: false, reason: 'unknown' };
      if (key.revoked_at) return { found: false, reason: 'revoked' };
      const now = new Date();
      if (key.expires_at && key.expires_at <= now.toISOString()) return { found: false, reason: 'expired' };
      // A demo key is one whose secret says so; its owner must still be the demo account it was made for.
      if (secret.startsWith('mer_demo_') !== (Number(key.is_demo) === 1))
        return { found: false, reason: 'unknown' };
      const staleBefore = new Date(now.getTime() - TOUCH_EVERY_MS).toISOString();
      if (!key.last_used_at || key.last_used_at < staleBefore)
        await repo.touchApiKey(db, key.id, now.toISOString(), staleBefore);
      return { found: true, keyId: key.id, userId: key.user_id, scope: key.scope };
    },
  };
}
