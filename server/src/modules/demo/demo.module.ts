import type { AuthService } from '../auth/auth.service';
import type { CardSecrets } from '../cards/card-secrets';
import type { Notifier } from '../notifications/notifier';
import { seedDemoSchedules } from './demo.schedules';
import { seedDemoActivity } from './demo.seed';

/**
 * A new demo account starts with two months of history and its rent scheduled (its invoices are the invoices
 * module's, its floor the forecast module's).
 */
export function demoModule(deps: { auth: AuthService; notifier: Notifier; cardSecrets: CardSecrets }) {
  const { auth, notifier, cardSecrets } = deps;
  auth.onDemoSeed((db, user) => seedDemoActivity(db, user.id, notifier, cardSecrets));
  auth.onDemoSeed((db, user) => seedDemoSchedules(db, user.id));
}
