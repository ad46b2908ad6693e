import type { Kysely } from 'kysely';
import type { SecuritySettings, UpdateSecuritySettingsBody } from '@contract/security';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { findUser } from '../user/users';
import type { PasswordCheck } from './password-check';
import * as repo from './security-settings.repository';

/** What a user who never touched the toggles gets: every alert on. */
export const defaultSecuritySettings: SecuritySettings = { loginAlerts: true };

export type SecuritySettingsService = ReturnType<typeof createSecuritySettingsService>;

/**
 * The profile's security toggles. Each one is read where it acts:
 * - `loginAlerts`: auth.module.ts's new-browser sign-in hook asks `loginAlertsOn` before raising "New sign-in".
 */
export function createSecuritySettingsService(deps: {
  db: Kysely<Database>;
  /** Turning an alert off asks for the password again (password-check.ts). */
  checkPassword: PasswordCheck;
  now?: () => Date;
}) {
  const { db, checkPassword } = deps;
  const now = deps.now ?? (() => new Date());

  async function get(userId: string, from: Kysely<Database> = db): Promise<SecuritySettings> {
    const row = await repo.findSecuritySettings(from, userId);
    return row ? { loginAlerts: Number(row.login_alerts) === 1 } : defaultSecuritySettings;
  }

  return {
    get: (userId: string) => get(userId),

    /**
     * Turning sign-in alerts off needs the password: a stolen session must not silence the alert that
     * would tell the owner about it. Turning them on (or leaving them as they are) does not.
     */
    async update(userId: string, settings: UpdateSecuritySettingsBody): Promise<SecuritySettings> {
      const current = await get(userId);
      if (current.loginAlerts && !settings.loginAlerts) {
        const user = await findUser(db, userId);
        if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
        // A demo has no password to give (and no money of its own to protect).
        if (Number(user.is_demo) !== 1) {
          if (settings.password === undefined) {
            throw new AppError('VALIDATION_FAILED', 'Enter your password', {
              password: 'Enter your password to turn sign-in alerts off',
            });
          }
          await checkPassword(user, settings.password);
        }
      }
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
