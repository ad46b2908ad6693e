import type { Kysely } from 'kysely';
import type { MerchantCategory } from '@contract/cards';
import type { Money } from '@contract/money';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { CardSecrets } from './card-secrets';
import { createDemoIssuer } from './demo-issuer';
import * as repo from './cards.repository';

/** The demo's cards: a virtual USD card for subscriptions, a physical EUR card for travel. */
const demoCards = [
  { type: 'virtual', currency: 'USD', country: 'US', limit: 200_000n },
  { type: 'physical', currency: 'EUR', country: 'DE', limit: null },
] as const;

export type DemoCards = Partial<Record<Money['currency'], string>>;

/** Opens the demo's cards (always the demo issuer); returns each one's id by currency. */
export async function openDemoCards(
  db: Kysely<Database>,
  userId: string,
  secrets: CardSecrets,
  createdAt: string,
): Promise<DemoCards> {
  const issuer = createDemoIssuer(() => new Date(createdAt));
  const ids: DemoCards = {};
  for (const demo of demoCards) {
    const id = newId();
    const issued = await issuer.issue({
      cardId: id,
      type: demo.type,
      currency: demo.currency,
      monthlyLimit: null,
      holder: { email: '', name: 'Demo', cardholderId: null },
      address: null,
    });
    await repo.insertCard(db, {
      id,
      user_id: userId,
      provider: 'demo',
      provider_card_id: issued.providerCardId,
      provider_cardholder_id: null,
      card_type: demo.type,
      currency: demo.currency,
      last4: issued.last4,
      number_encrypted: secrets.encryptNumber(id, issued.cardNumber!),
      expiry_month: issued.expiryMonth,
      expiry_year: issued.expiryYear,
      status: 'active',
      home_country: demo.country,
      shipping_address: null,
      limit_per_payment: null,
      limit_daily: null,
      limit_monthly: demo.limit,
      limit_atm: null,
      status_changed_at: createdAt,
      created_at: createdAt,
    });
    ids[demo.currency] = id;
  }
  return ids;
}

/** A story card payment as the card's approved purchase, linked to its history row. */
export function recordDemoCardPayment(
  db: Kysely<Database>,
  payment: {
    cardId: string;
    userId: string;
    amount: Money;
    merchant: string;
    /** The merchant's category as a card network reports it (the books guess from it). */
    category: MerchantCategory;
    transactionId: string | null;
    entryId: string;
    createdAt: string;
  },
) {
  return repo.insertPurchase(db, {
    id: newId(),
    card_id: payment.cardId,
    user_id: payment.userId,
    amount: payment.amount.minor,
    currency: payment.amount.currency,
    wallet_amount: payment.amount.minor,
    merchant: payment.merchant,
    category: payment.category,
    channel: 'online',
    country: payment.amount.currency === 'EUR' ? 'DE' : 'US',
    approved: 1,
    decline_reason: null,
    transaction_id: payment.transactionId,
    entry_id: payment.entryId,
    created_at: payment.createdAt,
  });
}
