import type { ApiKey } from '@contract/api-keys';
import type { ApiKeysTable } from '../../db/schema';
import type { Selectable } from 'kysely';

export function toApiKey(row: Selectable<ApiKeysTable>): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
  };
}
