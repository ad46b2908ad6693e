import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { AuthService } from '../auth/auth.service';
import type { CredentialGuard } from '../auth/credential-guard';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import { accountantAccessRoutes, accountantsRoutes } from './accountants.routes';
import { createAccountantsService } from './accountants.service';

/**
 * Read-only access for an accountant: invites, grants, the accountant's choice of books. The rule every route
 * obeys (who may call it while someone's books are open) is enforced in plugins/session.ts, with
 * books-access.ts answering whether a grant still stands.
 */
export async function accountantsModule(
  app: App,
  deps: {
    db: Kysely<Database>;
    mailer: Mailer;
    notifier: Notifier;
    auth: AuthService;
    credentials: CredentialGuard;
  },
) {
  const accountants = createAccountantsService(deps);
  // A password reset (or "sign out everywhere" with the option) puts every access on hold until the owner
  // confirms it: whoever had the account may have invited themselves.
  deps.auth.onStandingCredentialsRevoked(async (trx, ownerId, at) => ({
    accountants: await accountants.suspendAllOf(trx, ownerId, at),
  }));
  await app.register(accountantsRoutes, { prefix: '/api/accountants', accountants });
  await app.register(accountantAccessRoutes, { prefix: '/api/accountant-access', accountants });
}
