import type { Kysely } from 'kysely';
import {
  declineReasonText,
  MAX_CARDS,
  type Card,
  type CardControls,
  type CardLimits,
  type CardStatusBody,
  type CreateCardBody,
  type ProviderStatus,
  type PurchaseBody,
  type PurchaseResult,
  type RevealedCard,
} from '@contract/cards';
import { displayMoney } from '@contract/money';
import type { Database } from '../../db/schema';
import { parseRequestAmount } from '../../lib/amount';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { PasswordCheck } from '../auth/password-check';
import { quotedRate } from '../fx/fx-math';
import type { RateSource } from '../fx/rate-source';
import { runIdempotent, type IdempotentRequest } from '../idempotency/idempotency';
import { lockCustomerAccounts } from '../ledger/accounts';
import { postEntry } from '../ledger/ledger.service';
import type { SpendingLimits } from '../kyc/spending-limit';
import type { Notifier } from '../notifications/notifier';
import { findUserById } from '../user/user.repository';
import { ensureWallet, findWalletByCurrency } from '../wallets/wallets';
import { declineReasonFor, windowStarts } from './card-authorization';
import type { CardIssuer } from './card-issuer';
import { cardPaymentEntry, walletCostOf } from './card-payment-entry';
import type { CardSecrets } from './card-secrets';
import { toCard, type CardSpending } from './cards.mapper';
import * as repo from './cards.repository';

const notFound = () => new AppError('NOT_FOUND', 'Card not found');

type Db = Kysely<Database>;

export async function spendingOf(db: Db, cardId: string, now = new Date()): Promise<CardSpending> {
  const { day, month } = windowStarts(now);
  return {
    daily: await repo.spentSince(db, cardId, day),
    monthly: await repo.spentSince(db, cardId, month),
    atm: await repo.spentSince(db, cardId, day, 'atm'),
  };
}

export type CardsService = ReturnType<typeof createCardsService>;

/**
 * Cards: issued by the demo issuer or Stripe (card-issuer.ts), stored with controls and limits, and the
 * authorizations of the purchase simulator decided and posted in one money transaction. Issuers are called
 * before or after a database transaction, never inside one (a retried transaction must not call out twice).
 */
export function createCardsService(deps: {
  db: Db;
  rates: RateSource;
  notifier: Notifier;
  secrets: CardSecrets;
  issuers: { demo: CardIssuer; stripe: CardIssuer | null };
  limits: SpendingLimits;
  /** The password a reveal needs, counted per account (auth/password-check.ts). */
  checkPassword: PasswordCheck;
}) {
  const { db, rates, notifier, secrets, issuers, limits, checkPassword } = deps;

  async function userOf(userId: string) {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
    return user;
  }

  /** A demo account never reaches Stripe: its cards are the demo issuer's. */
  const issuerForNew = (isDemo: boolean) => (isDemo ? issuers.demo : (issuers.stripe ?? issuers.demo));

  function issuerOf(card: { provider: 'demo' | 'stripe' }): CardIssuer {
    if (card.provider === 'demo') return issuers.demo;
    if (!issuers.stripe) throw new AppError('UNAVAILABLE', 'Stripe Issuing is not configured on this server');
    return issuers.stripe;
  }

  async function cardOf(userId: string, cardId: string) {
    const card = await repo.findCard(db, userId, cardId);
    if (!card) throw notFound();
    return card;
  }

  async function view(userId: string, cardId: string): Promise<Card> {
    const card = await cardOf(userId, cardId);
    return toCard(card, await spendingOf(db, card.id));
  }

  const limitMinor = (text: string | null, currency: Card['currency'], field: string) =>
    text === null ? null : parseRequestAmount(text, currency, field).minor;

  return {
    async list(userId: string): Promise<Card[]> {
      const rows = await repo.listCards(db, userId);
      return Promise.all(rows.map(async (row) => toCard(row, await spendingOf(db, row.id))));
    },

    async providerStatus(userId: string): Promise<ProviderStatus> {
      const user = await userOf(userId);
      const provider = issuerForNew(Number(user.is_demo) === 1).name;
      return { configured: provider === 'stripe', provider };
    },

    async create(userId: string, body: CreateCardBody): Promise<Card> {
      const user = await userOf(userId);
      const currency = body.currency ?? 'USD';
      const monthly = body.spendingLimit
        ? parseRequestAmount(body.spendingLimit, currency, 'spendingLimit')
        : null;
      if ((await repo.listCards(db, userId)).length >= MAX_CARDS) {
        throw new AppError('BUSINESS_RULE', `You can have at most ${MAX_CARDS} cards`);
      }
      const issuer = issuerForNew(Number(user.is_demo) === 1);
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
      await db.transaction().execute(async (trx) => {
        await ensureWallet(trx, userId, currency);
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
          // A virtual card works at once; a physical one is ordered, shipped (job), then activated by its holder.
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
      return view(userId, id);
    },

    /** Freeze (inactive) or unfreeze; a shipped physical card becomes active here (its holder activates it). */
    async setStatus(userId: string, cardId: string, body: CardStatusBody): Promise<Card> {
      const card = await cardOf(userId, cardId);
      if (card.status === 'ordered') {
        throw new AppError('BUSINESS_RULE', 'This card has not shipped yet: activate it when it arrives');
      }
      if (card.status === 'shipped' && body.status === 'inactive') {
        throw new AppError('BUSINESS_RULE', 'This card is on its way: activate it when it arrives');
      }
      if (card.status !== body.status) {
        if (card.provider_card_id) await issuerOf(card).setStatus(card.provider_card_id, body.status);
        await repo.updateCard(db, userId, cardId, {
          status: body.status,
          status_changed_at: new Date().toISOString(),
        });
      }
      return view(userId, cardId);
    },

    async setControls(userId: string, cardId: string, controls: CardControls): Promise<Card> {
      await cardOf(userId, cardId);
      await repo.updateCard(db, userId, cardId, {
        allow_online: controls.online ? 1 : 0,
        allow_contactless: controls.contactless ? 1 : 0,
        allow_atm: controls.atm ? 1 : 0,
        allow_international: controls.international ? 1 : 0,
        blocked_categories: JSON.stringify([...new Set(controls.blockedCategories)].sort()),
      });
      return view(userId, cardId);
    },

    async setLimits(userId: string, cardId: string, limits: CardLimits): Promise<Card> {
      const card = await cardOf(userId, cardId);
      await repo.updateCard(db, userId, cardId, {
        limit_per_payment: limitMinor(limits.perPayment, card.currency, 'perPayment'),
        limit_daily: limitMinor(limits.daily, card.currency, 'daily'),
        limit_monthly: limitMinor(limits.monthly, card.currency, 'monthly'),
        limit_atm: limitMinor(limits.atm, card.currency, 'atm'),
      });
      return view(userId, cardId);
    },

    /**
     * The full number, expiry and CVV, once, after the password again (a demo account has none to give).
     * The answer is never stored or logged; the CVV is derived here and nowhere kept.
     */
    async reveal(userId: string, cardId: string, password: string): Promise<RevealedCard> {
      const user = await userOf(userId);
      if (Number(user.is_demo) !== 1) await checkPassword(user, password);
      const card = await cardOf(userId, cardId);
      if (card.provider === 'stripe') {
        const revealed = await issuerOf(card).reveal(card.provider_card_id!);
        if (revealed) return revealed;
      }
      if (!card.number_encrypted) throw new AppError('UNAVAILABLE', 'This card’s details are not available');
      return {
        cardNumber: secrets.decryptNumber(card.id, card.number_encrypted),
        expiryMonth: Number(card.expiry_month),
        expiryYear: Number(card.expiry_year),
        cvv: secrets.cvvOf(card.id),
      };
    },

    /**
     * An authorization, decided and (if approved) posted in one money transaction. The card row is locked
     * first (PostgreSQL), so concurrent purchases on one card sum their windows one after another and never
     * pass a limit together; the wallet is locked before its balance is read. A decline is stored, told to
     * the holder, and answered 201 with `approved: false`: a decision, not a failed request.
     */
    purchase(request: IdempotentRequest, cardId: string, body: PurchaseBody) {
      return runIdempotent<PurchaseResult>(db, request, async (trx) => {
        const card = await repo.lockCard(trx, request.userId, cardId);
        if (!card) throw notFound();
        const amount = parseRequestAmount(body.amount, body.currency);
        const rate =
          body.currency === card.currency
            ? null
            : quotedRate((await rates.getRate(body.currency, card.currency)).rate);
        const cost = walletCostOf(amount, card.currency, rate);
        const now = new Date();
        let reason = declineReasonFor(card, body, cost.minor, await spendingOf(trx, card.id, now));
        const walletId =
          (await findWalletByCurrency(trx, request.userId, card.currency))?.id ??
          (await ensureWallet(trx, request.userId, card.currency));
        if (!reason) {
          const [wallet] = await lockCustomerAccounts(trx, [walletId]);
          if (BigInt(wallet?.balance ?? 0n) < cost.minor) reason = 'insufficient_funds';
        }
        // The account's own monthly limit (by verification level) binds card spending like any payment.
        if (!reason && !(await limits.fitsMonthlyLimit(trx, request.userId, cost, now)))
          reason = 'account_limit';
        const purchaseId = newId();
        let transactionId: string | null = null;
        let entryId: string | null = null;
        let createdAt = now.toISOString();
        if (reason) {
          await notifier.raise(trx, request.userId, {
            category: 'error',
            type: 'payment',
            title: 'Card declined',
            message: `${displayMoney(amount)} at ${body.merchant} on your card •••• ${card.last4}: ${declineReasonText[reason]}.`,
            actionUrl: '/cards',
            actionText: 'View card',
          });
        } else {
          const posted = await postEntry(
            trx,
            cardPaymentEntry({
              userId: request.userId,
              walletId,
              cardId: card.id,
              merchant: body.merchant,
              amount,
              cost,
              rate,
              createdAt,
            }),
          );
          transactionId = posted.transactions[0]?.id ?? null;
          entryId = posted.entryId;
          createdAt = posted.createdAt;
        }
        await repo.insertPurchase(trx, {
          id: purchaseId,
          card_id: card.id,
          user_id: request.userId,
          amount: amount.minor,
          currency: amount.currency,
          wallet_amount: cost.minor,
          merchant: body.merchant,
          category: body.category,
          channel: body.channel,
          country: body.country,
          approved: reason ? 0 : 1,
          decline_reason: reason,
          transaction_id: transactionId,
          entry_id: entryId,
          created_at: createdAt,
        });
        return {
          status: 201,
          body: {
            id: purchaseId,
            cardId: card.id,
            approved: !reason,
            declineReason: reason,
            amount: amount.format(),
            currency: amount.currency,
            walletAmount: cost.format(),
            walletCurrency: cost.currency,
            merchant: body.merchant,
            transactionId,
            createdAt,
          },
        };
      });
    },

    /** The card-shipping job: physical cards ordered `delaySeconds` ago are marked shipped. */
    shipOrderedCards(delaySeconds: number, now = new Date()) {
      const before = new Date(now.getTime() - delaySeconds * 1000).toISOString();
      return repo.markShipped(db, before, now.toISOString());
    },
  };
}
