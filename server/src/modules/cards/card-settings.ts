import type { Card, CardControls, CardLimits, CardStatusBody, RevealedCard } from '@contract/cards';
import { parseRequestAmount } from '../../lib/amount';
import { AppError } from '../../lib/errors';
import { cardOf, issuerOf, viewCard, type CardsDeps } from './card-context';
import { holderOf } from './card-holders';
import * as repo from './cards.repository';

/** What a holder does with a card they have: freeze it, set its controls and limits, read its details. */

const limitMinor = (text: string | null, currency: Card['currency'], field: string) =>
  text === null ? null : parseRequestAmount(text, currency, field).minor;

/** Freeze (inactive) or unfreeze; a shipped physical card becomes active here (its holder activates it). */
export async function setCardStatus(
  deps: CardsDeps,
  userId: string,
  cardId: string,
  body: CardStatusBody,
): Promise<Card> {
  const card = await cardOf(deps.db, userId, cardId);
  if (card.status === 'ordered') {
    throw new AppError('BUSINESS_RULE', 'This card has not shipped yet: activate it when it arrives');
  }
  if (card.status === 'shipped' && body.status === 'inactive') {
    throw new AppError('BUSINESS_RULE', 'This card is on its way: activate it when it arrives');
  }
  if (card.status !== body.status) {
    if (card.provider_card_id) await issuerOf(deps, card).setStatus(card.provider_card_id, body.status);
    await repo.updateCard(deps.db, userId, cardId, {
      status: body.status,
      status_changed_at: new Date().toISOString(),
    });
  }
  return viewCard(deps.db, userId, cardId);
}

export async function setCardControls(
  deps: CardsDeps,
  userId: string,
  cardId: string,
  controls: CardControls,
): Promise<Card> {
  await cardOf(deps.db, userId, cardId);
  await repo.updateCard(deps.db, userId, cardId, {
    allow_online: controls.online ? 1 : 0,
    allow_contactless: controls.contactless ? 1 : 0,
    allow_atm: controls.atm ? 1 : 0,
    allow_international: controls.international ? 1 : 0,
    blocked_categories: JSON.stringify([...new Set(controls.blockedCategories)].sort()),
  });
  return viewCard(deps.db, userId, cardId);
}

export async function setCardLimits(
  deps: CardsDeps,
  userId: string,
  cardId: string,
  limits: CardLimits,
): Promise<Card> {
  const card = await cardOf(deps.db, userId, cardId);
  await repo.updateCard(deps.db, userId, cardId, {
    limit_per_payment: limitMinor(limits.perPayment, card.currency, 'perPayment'),
    limit_daily: limitMinor(limits.daily, card.currency, 'daily'),
    limit_monthly: limitMinor(limits.monthly, card.currency, 'monthly'),
    limit_atm: limitMinor(limits.atm, card.currency, 'atm'),
  });
  return viewCard(deps.db, userId, cardId);
}

/**
 * The full number, expiry and CVV, once, after the password again (a demo account has none to give).
 * The answer is never stored or logged; the CVV is derived here and nowhere kept.
 */
export async function revealCard(
  deps: CardsDeps,
  userId: string,
  cardId: string,
  password: string,
): Promise<RevealedCard> {
  const { db, secrets } = deps;
  const user = await holderOf(db, userId);
  if (Number(user.is_demo) !== 1) await deps.checkPassword(user, password);
  const card = await cardOf(db, userId, cardId);
  if (card.provider === 'stripe') {
    const revealed = await issuerOf(deps, card).reveal(card.provider_card_id!);
    if (revealed) return revealed;
  }
  if (!card.number_encrypted) throw new AppError('UNAVAILABLE', 'This card’s details are not available');
  return {
    cardNumber: secrets.decryptNumber(card.id, card.number_encrypted),
    expiryMonth: Number(card.expiry_month),
    expiryYear: Number(card.expiry_year),
    cvv: secrets.cvvOf(card.id),
  };
}
