import type { Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import { displayMoney, Money, parseAmount } from '@contract/money';
import { valueIn } from '@contract/pricing';
import type { DepositBody, DepositResponse, Wallet } from '@contract/wallets';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import { parseRequestAmount } from '../../lib/amount';
import { AppError, notFound } from '../../lib/errors';
import { quotedRate } from '../fx/fx-math';
import type { RateSource } from '../fx/rate-source';
import { runIdempotent, type IdempotentRequest } from '../idempotency/idempotency';
import { houseAccountId } from '../ledger/house-accounts';
import { postEntry } from '../ledger/ledger.service';
import { toTransaction } from '../transactions/transactions.mapper';
import { sortWallets, toWallet } from './wallets.mapper';
import * as repo from './wallets.repository';
import { openWallets } from './wallets';
import { claimWalletContext, type WalletContext } from './wallet-context';
import { isPostgres } from '../../db/dialect';
import { readBatcher } from '../../db/read-batcher';
import type { Notifier } from '../notifications/notifier';

/** Every new user starts with these, empty. */
const DEFAULT_WALLET_CURRENCIES: Currency[] = ['USD', 'EUR', 'BTC'];

/** For auth's onUserCreated hook: runs inside the transaction that creates the user. */
export async function openDefaultWallets(trx: Kysely<Database>, userId: string, createdAt?: string) {
  await openWallets(trx, userId, DEFAULT_WALLET_CURRENCIES, createdAt);
}

export type WalletsService = ReturnType<typeof createWalletsService>;

export function createWalletsService(deps: {
  db: Kysely<Database>;
  config: Config;
  rates: RateSource;
  notifier: Notifier;
}) {
  const { db, config, rates, notifier } = deps;
  const maxDepositUsd = parseAmount(config.SANDBOX_MAX_DEPOSIT_USD, 'USD');
  // Every page shows the wallets: on PostgreSQL the lists asked for in one turn are one query.
  const walletsOf = isPostgres(db)
    ? readBatcher((userIds: string[]) => repo.listWalletsOfUsers(db, userIds), [])
    : (userId: string) => repo.listWallets(db, userId);

  /** Sandbox deposits are capped per deposit at SANDBOX_MAX_DEPOSIT_USD, valued (valueIn) at the current rate. */
  async function assertWithinSandboxCap(amount: bigint, currency: Currency) {
    const rate = quotedRate((await rates.getRate(currency, 'USD')).rate);
    if (valueIn(Money.of(amount, currency), 'USD', rate).minor > maxDepositUsd) {
      const cap = displayMoney(Money.of(maxDepositUsd, 'USD'));
      throw new AppError('BUSINESS_RULE', `A sandbox deposit can be at most ${cap} (or its equivalent)`, {
        amount: `At most ${cap} per deposit`,
      });
    }
  }

  return {
    async list(userId: string): Promise<Wallet[]> {
      return sortWallets(await walletsOf(userId)).map(toWallet);
    },

    async open(userId: string, currency: Currency): Promise<Wallet> {
      return db.transaction().execute(async (trx) => {
        if ((await openWallets(trx, userId, [currency])) === 0) {
          throw new AppError('CONFLICT', `You already have a ${currency} wallet`, {
            currency: 'Already open',
          });
        }
        return toWallet((await repo.findWalletByCurrency(trx, userId, currency))!);
      });
    },

    /** Sandbox top-up: money arrives from the external-world account, as a bank transfer in would. */
    async deposit(request: IdempotentRequest, walletId: string, body: DepositBody) {
      if (!config.SANDBOX) throw new AppError('FORBIDDEN', 'Sandbox deposits are turned off on this server');
      // The key claimed and the wallet read (locked) in one round trip on PostgreSQL, then the entry in one.
      const claim = (trx: Kysely<Database>) =>
        claimWalletContext(trx, request, { walletId, monthlyUse: false });
      return runIdempotent<DepositResponse, WalletContext>(
        db,
        request,
        async (trx, { wallets }) => {
          const wallet = wallets[0];
          if (!wallet) throw notFound('Wallet');
          const { currency } = wallet;
          const amount = parseRequestAmount(body.amount, currency);
          await assertWithinSandboxCap(amount.minor, currency);
          const posted = await postEntry(trx, {
            kind: 'deposit',
            description: 'Sandbox deposit',
            postings: [
              { accountId: wallet.id, amount },
              { accountId: houseAccountId('external', currency), amount: amount.negated() },
            ],
            transactions: [
              {
                user_id: request.userId,
                wallet_id: wallet.id,
                type: 'deposit',
                amount: amount.minor,
                currency,
                counterparty: 'Sandbox',
                description: 'Sandbox deposit',
                status: 'completed',
              },
            ],
          });
          // Locked since the context was read: nothing but this entry has moved it.
          const balance = wallet.balance! + amount.minor;
          await notifier.raise(trx, request.userId, {
            category: 'success',
            type: 'transaction',
            title: 'Funds added',
            message: `${displayMoney(amount)} was added to your ${currency} wallet (sandbox deposit).`,
            actionUrl: '/history',
            actionText: 'View',
          });
          return {
            status: 201,
            body: {
              wallet: toWallet({ ...wallet, balance }),
              transaction: toTransaction(posted.transactions[0]!),
            },
          };
        },
        claim,
      );
    },
  };
}
