import type { Kysely } from 'kysely';
import type { RevokedCredentials } from '@contract/security';
import type { Database } from '../../db/schema';
import type { AuthContext } from './auth-context';

const kinds = ['apiKeys', 'webhookEndpoints', 'accountants'] as const;

/**
 * Ends, in `trx`, every way into the account that works without a session (each module's standing-credentials
 * hook: API keys, webhook secrets, accountant grants) and adds up what ended. A password reset always does
 * this; "sign out everywhere" when asked to.
 */
export async function revokeStandingCredentials(
  ctx: AuthContext,
  trx: Kysely<Database>,
  userId: string,
): Promise<RevokedCredentials> {
  const total: RevokedCredentials = { apiKeys: 0, webhookEndpoints: 0, accountants: 0 };
  const at = ctx.now().toISOString();
  for (const hook of ctx.hooks.standingCredentials) {
    const ended = await hook(trx, userId, at);
    for (const kind of kinds) total[kind] += ended[kind] ?? 0;
  }
  return total;
}
