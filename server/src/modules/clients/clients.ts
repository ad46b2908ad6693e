import type { Kysely } from 'kysely';
import type { ClientRow, Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import * as repo from './clients.repository';

/**
 * The clients module's public face: what invoices read of a saved client when one is picked for an invoice.
 * Takes the caller's handle (`db`, or its open transaction).
 */
export async function findOwnClient(db: Kysely<Database>, userId: string, id: string): Promise<ClientRow> {
  const client = await repo.findClient(db, userId, id);
  if (!client) throw notFound('Client');
  return client;
}
