import type { Kysely } from 'kysely';
import {
  MAX_CLIENTS,
  type Client,
  type CreateClientRequest,
  type UpdateClientRequest,
} from '@contract/clients';
import { lockPerUser } from '../../db/per-user-lock';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { owedByClient } from '../invoices/invoices';
import { toClient } from './clients.mapper';
import * as repo from './clients.repository';

export type ClientsService = ReturnType<typeof createClientsService>;

const duplicateEmail = (email: string) =>
  new AppError('CONFLICT', `You already have a client with the email ${email}`, {
    email: 'You already have a client with this email',
  });

/** Saved clients: the rules (one per email per user, at most MAX_CLIENTS) and what each owes. */
export function createClientsService(deps: { db: Kysely<Database> }) {
  const { db } = deps;

  const withOwed = async (userId: string, id: string): Promise<Client> => {
    const row = await repo.findClient(db, userId, id);
    if (!row) throw notFound('Client');
    return toClient(row, (await owedByClient(db, userId)).get(id));
  };

  return {
    async list(userId: string): Promise<Client[]> {
      const [rows, owed] = await Promise.all([repo.listClients(db, userId), owedByClient(db, userId)]);
      return rows.map((row) => toClient(row, owed.get(row.id)));
    },

    get: withOwed,

    async create(userId: string, body: CreateClientRequest): Promise<Client> {
      const at = new Date().toISOString();
      const row = {
        id: newId(),
        user_id: userId,
        name: body.name,
        email: body.email,
        address: body.address,
        tax_id: body.taxId,
        currency: body.currency,
        payment_terms_days: body.paymentTermsDays,
        language: body.language,
        created_at: at,
        updated_at: at,
      };
      await db.transaction().execute(async (trx) => {
        await lockPerUser(trx, 'clients', userId);
        if ((await repo.countClients(trx, userId)) >= MAX_CLIENTS) {
          throw new AppError('BUSINESS_RULE', `You can save at most ${MAX_CLIENTS} clients`);
        }
        if (!(await repo.insertClient(trx, row))) throw duplicateEmail(body.email);
      });
      return toClient({ ...row });
    },

    async update(userId: string, id: string, body: UpdateClientRequest): Promise<Client> {
      // Two edits moving two clients onto one email at once both pass the check; the unique index refuses one.
      await db
        .transaction()
        .execute(async (trx) => {
          if (body.email !== undefined) {
            const holder = await repo.findClientByEmail(trx, userId, body.email);
            if (holder && holder.id !== id) throw duplicateEmail(body.email);
          }
          const updated = await repo.updateClient(trx, userId, id, {
            ...(body.name !== undefined && { name: body.name }),
            ...(body.email !== undefined && { email: body.email }),
            ...(body.address !== undefined && { address: body.address }),
            ...(body.taxId !== undefined && { tax_id: body.taxId }),
            ...(body.currency !== undefined && { currency: body.currency }),
            ...(body.paymentTermsDays !== undefined && { payment_terms_days: body.paymentTermsDays }),
            ...(body.language !== undefined && { language: body.language }),
            updated_at: new Date().toISOString(),
          });
          if (!updated) throw notFound('Client');
        })
        .catch((error: unknown) => {
          if (body.email !== undefined && isUniqueViolation(error)) throw duplicateEmail(body.email);
          throw error;
        });
      return withOwed(userId, id);
    },

    /** The client goes; invoices made for them keep the name, email and address they were made with. */
    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteClient(db, userId, id))) throw notFound('Client');
    },
  };
}
