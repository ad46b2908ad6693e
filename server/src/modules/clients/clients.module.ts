import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import { clientRoutes } from './clients.routes';
import { createClientsService } from './clients.service';

/** Saved clients a user invoices, with what each owes. */
export async function clientsModule(app: App, deps: { db: Kysely<Database> }) {
  const clients = createClientsService({ db: deps.db });
  await app.register(clientRoutes, { prefix: '/api/clients', clients });
}
