import type { MerchantCategory } from '@contract/cards';
import type { Currency } from '@contract/currencies';

/**
 * Two months in the life of a freelance designer: what a demo user finds on the dashboard. Amounts are
 * decimal strings; `daysAgo` places each event before now. The seed derives an opening balance per wallet so
 * that the story ends exactly on `demoFinalBalances`.
 */
export const demoFinalBalances: Record<'USD' | 'EUR' | 'BTC', string> = {
  USD: '12450.00',
  EUR: '3200.00',
  BTC: '0.25',
};

export const demoOpeningDaysAgo = 60;

interface Client {
  name: string;
  email: string;
}

const northwind: Client = { name: 'Northwind Studio', email: 'ap@northwind.studio' };
const lumen: Client = { name: 'Lumen Labs', email: 'billing@lumenlabs.io' };
const harbor: Client = { name: 'Harbor & Finch', email: 'accounts@harborfinch.com' };
const bluebird: Client = { name: 'Bluebird Analytics', email: 'finance@bluebird-analytics.com' };
const kestrel: Client = { name: 'Kestrel Media GmbH', email: 'rechnung@kestrel-media.de' };
const atlas: Client = { name: 'Atlas Freight Co.', email: 'payables@atlasfreight.co' };

export type DemoEvent = { daysAgo: number; hour: number } & (
  | { kind: 'client_payment'; client: Client; currency: Currency; amount: string; project: string }
  | { kind: 'card_payment'; merchant: string; category: MerchantCategory; currency: Currency; amount: string }
  | { kind: 'send'; recipient: Client; currency: Currency; amount: string; description: string }
  | { kind: 'exchange'; from: Currency; to: Currency; amount: string; rate: string }
  | { kind: 'crypto_buy'; asset: 'BTC'; quantity: string; price: string }
);

/** Rates of the day for the backdated exchanges (near the sketch's 1 EUR = 1.0831 USD, 1 BTC = 28345.67 USD). */
export const demoEvents: DemoEvent[] = [
  {
    daysAgo: 58,
    hour: 15,
    kind: 'client_payment',
    client: northwind,
    currency: 'USD',
    amount: '3200.00',
    project: 'Website redesign, milestone 1',
  },
  {
    daysAgo: 55,
    hour: 9,
    kind: 'card_payment',
    merchant: 'Adobe Creative Cloud',
    category: 'software',
    currency: 'USD',
    amount: '54.99',
  },
  {
    daysAgo: 52,
    hour: 11,
    kind: 'client_payment',
    client: kestrel,
    currency: 'EUR',
    amount: '1850.00',
    project: 'Brand video edit',
  },
  {
    daysAgo: 49,
    hour: 8,
    kind: 'card_payment',
    merchant: 'WeWork',
    category: 'other',
    currency: 'USD',
    amount: '189.00',
  },
  {
    daysAgo: 46,
    hour: 16,
    kind: 'client_payment',
    client: lumen,
    currency: 'USD',
    amount: '2400.00',
    project: 'Mobile app UI kit',
  },
  {
    daysAgo: 44,
    hour: 10,
    kind: 'send',
    recipient: { name: 'Maple Property Management', email: 'rent@mapleproperty.com' },
    currency: 'USD',
    amount: '1800.00',
    description: 'Studio rent',
  },
  { daysAgo: 41, hour: 13, kind: 'exchange', from: 'USD', to: 'EUR', amount: '1200.00', rate: '0.9233' },
  {
    daysAgo: 38,
    hour: 18,
    kind: 'card_payment',
    merchant: 'Deutsche Bahn',
    category: 'transport',
    currency: 'EUR',
    amount: '42.50',
  },
  {
    daysAgo: 35,
    hour: 14,
    kind: 'client_payment',
    client: harbor,
    currency: 'USD',
    amount: '1750.00',
    project: 'Logo and identity refresh',
  },
  {
    daysAgo: 31,
    hour: 9,
    kind: 'card_payment',
    merchant: 'Figma Professional',
    category: 'software',
    currency: 'USD',
    amount: '15.00',
  },
  {
    daysAgo: 30,
    hour: 12,
    kind: 'send',
    recipient: { name: 'Lena Fischer', email: 'lena.fischer@posteo.de' },
    currency: 'EUR',
    amount: '900.00',
    description: 'Motion graphics subcontract',
  },
  {
    daysAgo: 27,
    hour: 17,
    kind: 'client_payment',
    client: bluebird,
    currency: 'USD',
    amount: '4100.00',
    project: 'Dashboard design sprint',
  },
  // Three BTC buys at market (the Portfolio's holdings and P&L come from them).
  { daysAgo: 53, hour: 10, kind: 'crypto_buy', asset: 'BTC', quantity: '0.05', price: '26150.00' },
  { daysAgo: 37, hour: 16, kind: 'crypto_buy', asset: 'BTC', quantity: '0.04', price: '27480.00' },
  { daysAgo: 12, hour: 9, kind: 'crypto_buy', asset: 'BTC', quantity: '0.03', price: '29120.00' },
  {
    daysAgo: 24,
    hour: 10,
    kind: 'exchange',
    from: 'USD',
    to: 'BTC',
    amount: '1000.00',
    rate: '0.0000352788',
  },
  {
    daysAgo: 20,
    hour: 7,
    kind: 'card_payment',
    merchant: 'Amazon Web Services',
    category: 'software',
    currency: 'USD',
    amount: '86.40',
  },
  {
    daysAgo: 16,
    hour: 15,
    kind: 'client_payment',
    client: northwind,
    currency: 'USD',
    amount: '3200.00',
    project: 'Website redesign, milestone 2',
  },
  {
    daysAgo: 13,
    hour: 10,
    kind: 'send',
    recipient: { name: 'Maple Property Management', email: 'rent@mapleproperty.com' },
    currency: 'USD',
    amount: '1800.00',
    description: 'Studio rent',
  },
  {
    daysAgo: 9,
    hour: 11,
    kind: 'client_payment',
    client: kestrel,
    currency: 'EUR',
    amount: '950.00',
    project: 'Social media cut-downs',
  },
  {
    daysAgo: 6,
    hour: 9,
    kind: 'card_payment',
    merchant: 'Adobe Creative Cloud',
    category: 'software',
    currency: 'USD',
    amount: '54.99',
  },
  {
    daysAgo: 4,
    hour: 14,
    kind: 'client_payment',
    client: atlas,
    currency: 'USD',
    amount: '2650.00',
    project: 'Fleet tracking dashboard',
  },
  {
    daysAgo: 2,
    hour: 8,
    kind: 'card_payment',
    merchant: 'Blue Bottle Coffee',
    category: 'restaurants',
    currency: 'USD',
    amount: '23.75',
  },
  {
    daysAgo: 1,
    hour: 19,
    kind: 'card_payment',
    merchant: 'Uber',
    category: 'transport',
    currency: 'EUR',
    amount: '28.00',
  },
];
