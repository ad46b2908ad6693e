import { randomUUID } from 'node:crypto';
import { mulberry32 } from '../../lib/random';
import { call, NoAnswerError, openCustomer, type Answer, type Customer } from './bank-client';

/**
 * The bank workload, after Jepsen's: customers funded through sandbox deposits send each other (and outside
 * payees) money from many concurrent clients, mixed currencies, some requests deliberately overdrawing.
 * Demo accounts with their play money take part too: they pay each other and made-up outside payees, and
 * every payment between a demo and a real customer (either way) must be refused.
 * Every request carries a fresh Idempotency-Key; a request that got no answer (the server was killed) is
 * retried with the same key and body until it gets one, as a careful client would.
 */
export interface BankWorkloadOptions {
  baseUrl: () => string;
  customers: number;
  /** Demo accounts alongside the real customers. */
  demos: number;
  transfers: number;
  /** BTC trades among the transfers: market buys and sells, and limit buys (some fill, some stay pending). */
  trades: number;
  concurrency: number;
  seed: number;
  /** Called after each answered transfer with the count so far (the crash test kills the server here). */
  onProgress?: (answered: number) => Promise<void> | void;
}

export interface TransferAttempt {
  key: string;
  sender: number;
  /** The customer paid, if the payee is one (otherwise an outside address). */
  recipient: number | null;
  body: {
    type: 'send';
    amount: string;
    currency: string;
    fromCurrency: string;
    toCurrency: string;
    recipientEmail: string;
    description: string;
  };
  answer: Answer;
  /** How many times it was sent before it got an answer. */
  tries: number;
}

export interface TradeAttempt {
  key: string;
  trader: number;
  body: { type: 'buy' | 'sell'; asset: 'BTC'; quantity: string; price: string | null };
  answer: Answer;
  tries: number;
}

export interface BankRun {
  customers: Customer[];
  deposits: Record<string, bigint>;
  attempts: TransferAttempt[];
  trades: TradeAttempt[];
  seconds: number;
}

const FUNDED = [
  { currency: 'USD', amount: '5000.00', minor: 500_000n },
  { currency: 'EUR', amount: '3000.00', minor: 300_000n },
];
const RETRY_PAUSE_MS = 100;
const RETRY_LIMIT = 600; // a minute of a dead server before a client gives up

/** Sends until the server answers; the same key and body each time. */
async function sendUntilAnswered(
  baseUrl: () => string,
  path: string,
  cookie: string,
  key: string,
  body: unknown,
) {
  for (let tries = 1; ; tries++) {
    try {
      return { answer: await call(baseUrl, 'POST', path, { cookie, key, body }), tries };
    } catch (error) {
      if (!(error instanceof NoAnswerError) || tries >= RETRY_LIMIT) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    }
  }
}

function planTransfers(options: BankWorkloadOptions, customers: Customer[]) {
  const random = mulberry32(options.seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: options.transfers }, (_, index) => {
    const sender = Math.floor(random() * customers.length);
    const fromCurrency = pick(FUNDED).currency;
    const toCurrency = random() < 0.7 ? fromCurrency : pick(['USD', 'EUR', 'GBP']);
    const toCustomer = random() < 0.75;
    const recipient = toCustomer
      ? (sender + 1 + Math.floor(random() * (customers.length - 1))) % customers.length
      : null;
    // One in ten asks for far more than any wallet holds: it must be refused and leave nothing behind.
    const cents = random() < 0.1 ? 99_999_900 : 100 + Math.floor(random() * 20_000);
    const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    return {
      sender,
      recipient,
      body: {
        type: 'send' as const,
        amount,
        currency: fromCurrency,
        fromCurrency,
        toCurrency,
        recipientEmail:
          recipient === null ? `payee-${index % 25}@outside.example` : customers[recipient]!.email,
        description: `Bank workload #${index}`,
      },
    };
  });
}

/**
 * Trades: market buys and sells of a little BTC, and limit buys either far above the market (the matching
 * job fills them at their limit during the run) or far below it (they stay pending, their USD reserved).
 * Sells before any buy are refused for want of coins, which the checks expect too.
 */
function planTrades(options: BankWorkloadOptions, customers: Customer[]) {
  const random = mulberry32(options.seed + 1);
  return Array.from({ length: options.trades }, () => {
    const trader = Math.floor(random() * customers.length);
    const quantity = `0.00${String(10 + Math.floor(random() * 90)).padStart(2, '0')}`;
    const roll = random();
    const body =
      roll < 0.4
        ? { type: 'buy' as const, asset: 'BTC' as const, quantity, price: null }
        : roll < 0.7
          ? { type: 'sell' as const, asset: 'BTC' as const, quantity, price: null }
          : {
              type: 'buy' as const,
              asset: 'BTC' as const,
              quantity,
              price: roll < 0.85 ? '90000.00' : '1000.00',
            };
    return { trader, body };
  });
}

export async function runBankWorkload(options: BankWorkloadOptions): Promise<BankRun> {
  const currencies = ['USD', 'EUR', 'GBP'];
  const customers: Customer[] = [];
  for (let index = 0; index < options.customers; index++)
    customers.push(await openCustomer(options.baseUrl, currencies));
  for (let index = 0; index < options.demos; index++)
    customers.push(await openCustomer(options.baseUrl, currencies, 'demo'));

  const deposits: Record<string, bigint> = {};
  // Only real customers deposit: a demo starts with its seeded play money.
  for (const customer of customers.filter((candidate) => !candidate.demo)) {
    for (const { currency, amount, minor } of FUNDED) {
      const path = `/api/wallets/${customer.wallets[currency]}/deposit`;
      const { answer } = await sendUntilAnswered(options.baseUrl, path, customer.cookie, randomUUID(), {
        amount,
      });
      if (answer.status !== 201) throw new Error(`deposit: ${answer.status} ${JSON.stringify(answer.body)}`);
      deposits[currency] = (deposits[currency] ?? 0n) + minor;
    }
  }

  const plan = planTransfers(options, customers);
  const tradePlan = planTrades(options, customers);
  const attempts: TransferAttempt[] = [];
  const trades: TradeAttempt[] = [];
  let next = 0;
  let nextTrade = 0;
  const started = performance.now();
  // One trade after every few transfers, so both run concurrently (and through the crash).
  const tradeEvery = Math.max(1, Math.floor(plan.length / Math.max(1, tradePlan.length)));
  const worker = async () => {
    while (next < plan.length) {
      if (nextTrade < tradePlan.length && next % tradeEvery === 0) {
        const { trader, body } = tradePlan[nextTrade++]!;
        const key = randomUUID();
        const path = '/api/trade';
        const traded = await sendUntilAnswered(options.baseUrl, path, customers[trader]!.cookie, key, body);
        trades.push({ key, trader, body, ...traded });
      }
      const { sender, recipient, body } = plan[next++]!;
      const key = randomUUID();
      const { answer, tries } = await sendUntilAnswered(
        options.baseUrl,
        '/api/transactions',
        customers[sender]!.cookie,
        key,
        body,
      );
      attempts.push({ key, sender, recipient, body, answer, tries });
      await options.onProgress?.(attempts.length);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { customers, deposits, attempts, trades, seconds: (performance.now() - started) / 1000 };
}
