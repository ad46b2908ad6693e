import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import { recipientRoutes } from './recipients.routes';
import { createRecipientsService } from './recipients.service';

/** Saved recipients a user sends money to. */
export async function recipientsModule(app: App, deps: { db: Kysely<Database> }) {
  const recipients = createRecipientsService({ db: deps.db });
  await app.register(recipientRoutes, { prefix: '/api/recipients', recipients });
}
