import type { CardControls, CardLimits, CardStatusBody, CreateCardBody, PurchaseBody } from '@contract/cards';
import type { IdempotentRequest } from '../idempotency/idempotency';
import { listCards, type CardsDeps } from './card-context';
import { cardProviderStatus, createCard } from './card-issuing';
import { purchaseWithCard } from './card-purchase';
import { revealCard, setCardControls, setCardLimits, setCardStatus } from './card-settings';
import * as repo from './cards.repository';

export type CardsService = ReturnType<typeof createCardsService>;

/**
 * Cards: issued by the demo issuer or Stripe (card-issuer.ts, card-issuing.ts), stored with controls and
 * limits (card-settings.ts), and the authorizations of the purchase simulator decided and posted in one money
 * transaction (card-purchase.ts). Issuers are called before or after a database transaction, never inside
 * one (a retried transaction must not call out twice). What the module needs of users and wallets goes
 * through card-holders.ts.
 */
export function createCardsService(deps: CardsDeps) {
  return {
    list: (userId: string) => listCards(deps.db, userId),
    providerStatus: (userId: string) => cardProviderStatus(deps, userId),
    create: (userId: string, body: CreateCardBody) => createCard(deps, userId, body),
    setStatus: (userId: string, cardId: string, body: CardStatusBody) =>
      setCardStatus(deps, userId, cardId, body),
    setControls: (userId: string, cardId: string, controls: CardControls) =>
      setCardControls(deps, userId, cardId, controls),
    setLimits: (userId: string, cardId: string, limits: CardLimits) =>
      setCardLimits(deps, userId, cardId, limits),
    reveal: (userId: string, cardId: string, password: string) => revealCard(deps, userId, cardId, password),
    purchase: (request: IdempotentRequest, cardId: string, body: PurchaseBody) =>
      purchaseWithCard(deps, request, cardId, body),

    /** The card-shipping job: physical cards ordered `delaySeconds` ago are marked shipped. */
    shipOrderedCards(delaySeconds: number, now = new Date()) {
      const before = new Date(now.getTime() - delaySeconds * 1000).toISOString();
      return repo.markShipped(deps.db, before, now.toISOString());
    },
  };
}
