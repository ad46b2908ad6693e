import type { Kysely } from 'kysely';
import { MAX_SAVED_RECIPIENTS, type CreateRecipientBody, type Recipient } from '@contract/recipients';
import { lockPerUser } from '../../db/per-user-lock';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import * as repo from './recipients.repository';
import { newId } from '../../lib/ids';

/** How many of the latest sends are looked at, and how many recent-only recipients are shown. */
const RECENT_SENDS_SCANNED = 200;
const RECENT_RECIPIENTS_SHOWN = 20;

export type RecipientsService = ReturnType<typeof createRecipientsService>;

export function createRecipientsService(deps: { db: Kysely<Database> }) {
  const { db } = deps;

  return {
    /**
     * Saved recipients and the people recently sent money to, one per email, most recently used first
     * (a saved recipient counts as used when saved). A saved entry keeps its saved name.
     */
    async list(userId: string): Promise<Recipient[]> {
      const [saved, sends] = await Promise.all([
        repo.listSaved(db, userId),
        repo.recentSends(db, userId, RECENT_SENDS_SCANNED),
      ]);
      const lastSent = new Map<string, { at: string; name: string | null }>();
      for (const send of sends) {
        const email = send.recipient_email?.toLowerCase();
        if (email && !lastSent.has(email))
          lastSent.set(email, { at: send.created_at, name: send.counterparty });
      }
      const savedEntries = saved.map((row) => {
        const sent = lastSent.get(row.email);
        return {
          recipient: {
            id: row.id,
            name: row.name,
            email: row.email,
            saved: true,
            lastSentAt: sent?.at ?? null,
          },
          usedAt: sent && sent.at > row.created_at ? sent.at : row.created_at,
        };
      });
      const savedEmails = new Set(saved.map((row) => row.email));
      const recentEntries = [...lastSent]
        .filter(([email]) => !savedEmails.has(email))
        .slice(0, RECENT_RECIPIENTS_SHOWN)
        .map(([email, sent]) => ({
          recipient: {
            id: `recent:${email}`,
            name: sent.name || email,
            email,
            saved: false,
            lastSentAt: sent.at,
          },
          usedAt: sent.at,
        }));
      return [...savedEntries, ...recentEntries]
        .sort((a, b) => (a.usedAt < b.usedAt ? 1 : a.usedAt > b.usedAt ? -1 : 0))
        .map((entry) => entry.recipient);
    },

    async create(userId: string, body: CreateRecipientBody): Promise<Recipient> {
      const row = {
        id: newId(),
        user_id: userId,
        name: body.name,
        email: body.email,
        created_at: new Date().toISOString(),
      };
      return db.transaction().execute(async (trx) => {
        await lockPerUser(trx, 'saved-recipients', userId);
        if ((await repo.countSaved(trx, userId)) >= MAX_SAVED_RECIPIENTS) {
          throw new AppError('BUSINESS_RULE', `You can save at most ${MAX_SAVED_RECIPIENTS} recipients`);
        }
        if (!(await repo.insertSaved(trx, row))) {
          throw new AppError('CONFLICT', 'You have already saved this recipient', {
            email: 'Already saved',
          });
        }
        return { id: row.id, name: row.name, email: row.email, saved: true, lastSentAt: null };
      });
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteSaved(db, userId, id))) throw notFound('Recipient');
    },
  };
}
