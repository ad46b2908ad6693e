import type { Kysely } from 'kysely';
import type { Card } from '@contract/cards';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { PasswordCheck } from '../auth/password-check';
import type { RateSource } from '../fx/rate-source';
import type { SpendingLimits } from '../kyc/spending-limit';
import type { Notifier } from '../notifications/notifier';
import type { WebhookEvents } from '../webhooks/webhook-events';
import { windowStarts } from './card-authorization';
import type { CardIssuer } from './card-issuer';
import type { CardSecrets } from './card-secrets';
import { toCard, type CardSpending } from './cards.mapper';
import * as repo from './cards.repository';

/** What every card use case works with. */
export interface CardsDeps {
  db: Kysely<Database>;
  rates: RateSource;
  notifier: Notifier;
  secrets: CardSecrets;
  issuers: { demo: CardIssuer; stripe: CardIssuer | null };
  limits: SpendingLimits;
  /** The password a reveal needs, counted per account (auth/password-check.ts). */
  checkPassword: PasswordCheck;
  /** Announces approved purchases to the holder's webhooks (none when a test builds the service by hand). */
  webhooks?: WebhookEvents;
}

export const cardNotFound = () => new AppError('NOT_FOUND', 'Card not found');

/** The holder's own card; another user's is simply not found. */
export async function cardOf(db: Kysely<Database>, userId: string, cardId: string) {
  const card = await repo.findCard(db, userId, cardId);
  if (!card) throw cardNotFound();
  return card;
}

/** The issuer a card was issued by: a Stripe card needs Stripe configured on this server. */
export function issuerOf(
  deps: Pick<CardsDeps, 'issuers'>,
  card: { provider: 'demo' | 'stripe' },
): CardIssuer {
  if (card.provider === 'demo') return deps.issuers.demo;
  if (!deps.issuers.stripe)
    throw new AppError('UNAVAILABLE', 'Stripe Issuing is not configured on this server');
  return deps.issuers.stripe;
}

/** What a card has spent in each of its rolling windows, approved payments only. */
export async function spendingOf(
  db: Kysely<Database>,
  cardId: string,
  now = new Date(),
): Promise<CardSpending> {
  const { day, month } = windowStarts(now);
  return {
    daily: await repo.spentSince(db, cardId, day),
    monthly: await repo.spentSince(db, cardId, month),
    atm: await repo.spentSince(db, cardId, day, 'atm'),
  };
}

/** The card as its holder sees it, with what it has spent. */
export async function viewCard(db: Kysely<Database>, userId: string, cardId: string): Promise<Card> {
  const card = await cardOf(db, userId, cardId);
  return toCard(card, await spendingOf(db, card.id));
}

export async function listCards(db: Kysely<Database>, userId: string): Promise<Card[]> {
  const rows = await repo.listCards(db, userId);
  return Promise.all(rows.map(async (row) => toCard(row, await spendingOf(db, row.id))));
}
