import type { Kysely } from 'kysely';
import type { SecuritySettings } from '@contract/security';
import type { Database } from '../../db/schema';
import * as repo from './security-settings.repository';

/** What a user who never touched the toggles gets: every alert on. */
export const defaultSecuritySettings: SecuritySettings = { loginAlerts: true };

export type SecuritySettingsService = ReturnType<typeof createSecuritySettingsService>;

/**
 * The profile's security toggles. Each one is read where it acts:
 * - `loginAlerts`: app.ts's new-browser sign-in hook asks `loginAlertsOn` before raising "New sign-in".
 */
export function createSecuritySettingsService(deps: { db: Kysely<Database>; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function get(userId: string, from: Kysely<Database> = db): Promise<SecuritySettings> {
    const row = await repo.findSecuritySettings(from, userId);
    return row ? { loginAlerts: Number(row.login_alerts) === 1 } : defaultSecuritySettings;
  }

  return {
    get: (userId: string) => get(userId),

    async update(userId: string, settings: SecuritySettings): Promise<SecuritySettings> {
      await repo.upsertSecuritySettings(db, userId, {
        login_alerts: settings.loginAlerts ? 1 : 0,
        at: now().toISOString(),
      });
      return get(userId);
    },

    /** In the sign-in's own transaction, so the answer and the alert belong to one moment. */
    loginAlertsOn: async (trx: Kysely<Database>, userId: string) => (await get(userId, trx)).loginAlerts,
  };
}
