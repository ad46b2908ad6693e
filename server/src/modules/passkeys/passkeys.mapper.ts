import type { Passkey } from '@contract/passkeys';
import type { PasskeyRow } from './passkeys.repository';

export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    backedUp: Number(row.backed_up) === 1,
  };
}
