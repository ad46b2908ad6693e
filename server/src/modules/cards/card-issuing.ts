import { MAX_CARDS, type Card, type CreateCardBody, type ProviderStatus } from '@contract/cards';
import { lockPerUser } from '../../db/per-user-lock';
import { parseRequestAmount } from '../../lib/amount';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { viewCard, type CardsDeps } from './card-context';
import { holderOf, openCardWallet } from './card-holders';
import * as repo from './cards.repository';

const tooManyCards = () => new AppError('BUSINESS_RULE', `You can have at most ${MAX_CARDS} cards`);

/** A demo account never reaches Stripe: its cards are the demo issuer's. */
const issuerForNew = (deps: Pick<CardsDeps, 'issuers'>, isDemo: boolean) =>
  isDemo ? deps.issuers.demo : (deps.issuers.stripe ?? deps.issuers.demo);

/** Which issuer this holder's next card would come from. */
export async function cardProviderStatus(deps: CardsDeps, userId: string): Promise<ProviderStatus> {
  const user = await holderOf(deps.db, userId);
  const provider = issuerForNew(deps, Number(user.is_demo) === 1).name;
  return { configured: provider === 'stripe', provider };
}

/**
 * A new card: issued first (outside any transaction, so a retried transaction never calls the issuer twice),
 * then stored with its wallet opened if missing. A virtual card works at once; a physical one is ordered,
 * shipped (card-shipping.ts), then activated by its holder.
 */
export async function createCard(deps: CardsDeps, userId: string, body: CreateCardBody): Promise<Card> {
  const { db, secrets } = deps;
  const user = await holderOf(db, userId);
  const currency = body.currency ?? 'USD';
  const monthly = body.spendingLimit
    ? parseRequestAmount(body.spendingLimit, currency, 'spendingLimit')
    : null;
  // Before the issuer is called; counted again under the lock below, where it holds.
  if ((await repo.countCards(db, userId)) >= MAX_CARDS) throw tooManyCards();
  const issuer = issuerForNew(deps, Number(user.is_demo) === 1);
  const id = newId();
  const address = body.shippingAddress ?? null;
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  const issued = await issuer.issue({
    cardId: id,
    type: body.type,
    currency,
    monthlyLimit: monthly,
    holder: {
      email: user.email,
      name,
      cardholderId: issuer.name === 'stripe' ? await repo.stripeCardholderOf(db, userId) : null,
    },
    address,
  });
  const now = new Date().toISOString();
  const stored = db.transaction().execute(async (trx) => {
    await lockPerUser(trx, 'cards', userId);
    if ((await repo.countCards(trx, userId)) >= MAX_CARDS) throw tooManyCards();
    await openCardWallet(trx, userId, currency);
    await repo.insertCard(trx, {
      id,
      user_id: userId,
      provider: issuer.name,
      provider_card_id: issued.providerCardId,
      provider_cardholder_id: issued.providerCardholderId,
      card_type: body.type,
      currency,
      last4: issued.last4,
      number_encrypted: issued.cardNumber ? secrets.encryptNumber(id, issued.cardNumber) : null,
      expiry_month: issued.expiryMonth,
      expiry_year: issued.expiryYear,
      status: body.type === 'virtual' ? 'active' : 'ordered',
      home_country: address?.country ?? 'US',
      shipping_address: address && body.type === 'physical' ? JSON.stringify(address) : null,
      limit_per_payment: null,
      limit_daily: null,
      limit_monthly: monthly?.minor ?? null,
      limit_atm: null,
      status_changed_at: now,
      created_at: now,
    });
  });
  // A card that was issued but not stored (another request took the last place) is nobody's: turn it off.
  await stored.catch(async (error: unknown) => {
    await issuer.setStatus(issued.providerCardId, 'inactive').catch(() => {});
    throw error;
  });
  return viewCard(db, userId, id);
}
