import type { Customer } from '../server/src/test/bank/bank-client';
import { loadTest, type LoadResult } from './api-load';

/**
 * The bench's three loads, shared by `npm run bench` (run.ts) and the A/B scripts (ab.ts, ab-transfers.ts) so
 * a figure means the same thing in each: `connections` clients for `seconds`, the customers taking turns.
 */
export interface LoadOptions {
  url: string;
  customers: Customer[];
  connections: number;
  seconds: number;
}

/** POST /api/transactions: 1.00 USD from one customer to another (never to themselves). */
export function transferLoad({ url, customers, connections, seconds }: LoadOptions): Promise<LoadResult> {
  let turn = 0;
  return loadTest({
    url,
    connections,
    seconds,
    method: 'POST',
    path: '/api/transactions',
    nextRequest: () => {
      const sender = customers[turn++ % customers.length]!;
      const recipient = customers[(turn * 7) % customers.length]!;
      const to = recipient === sender ? customers[(turn + 1) % customers.length]! : recipient;
      return {
        cookie: sender.cookie,
        body: {
          type: 'send',
          amount: '1.00',
          currency: 'USD',
          fromCurrency: 'USD',
          toCurrency: 'USD',
          recipientEmail: to.email,
        },
      };
    },
  });
}

/** POST /api/trade: a market buy of a little BTC at the live price. */
export function marketOrderLoad({ url, customers, connections, seconds }: LoadOptions): Promise<LoadResult> {
  let turn = 0;
  return loadTest({
    url,
    connections,
    seconds,
    method: 'POST',
    path: '/api/trade',
    nextRequest: () => ({
      cookie: customers[turn++ % customers.length]!.cookie,
      body: { type: 'buy', asset: 'BTC', quantity: '0.0001', price: null },
    }),
  });
}

/** GET /api/wallets. */
export function walletsLoad({ url, customers, connections, seconds }: LoadOptions): Promise<LoadResult> {
  let turn = 0;
  return loadTest({
    url,
    connections,
    seconds,
    method: 'GET',
    path: '/api/wallets',
    nextRequest: () => ({ cookie: customers[turn++ % customers.length]!.cookie }),
  });
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
