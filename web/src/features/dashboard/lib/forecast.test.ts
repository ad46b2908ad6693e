import { describe, expect, it } from 'vitest';
import type { Forecast, ForecastItem, ForecastWarning } from '@contract/forecast';
import {
  chartPoints,
  dayNet,
  fixHref,
  formatBalance,
  formatMovement,
  formatRatesAsOf,
  itemsByDay,
  lineSummary,
  signedMoney,
  warningSentence,
  yAxis,
} from './forecast';

const item = (overrides: Partial<ForecastItem>): ForecastItem => ({
  id: 'invoice:1',
  date: '2026-12-01',
  kind: 'invoice',
  label: 'Invoice INV-0001 from Acme',
  amount: '100.00',
  currency: 'USD',
  homeAmount: '100.00',
  sourceId: '1',
  latePayer: false,
  ...overrides,
});

const forecast: Forecast = {
  homeCurrency: 'USD',
  from: '2026-11-27',
  ratesAsOf: '2026-11-27T07:15:00.000Z',
  days: [
    { date: '2026-11-27', expected: '500.00', best: '500.00', worst: '500.00' },
    { date: '2026-11-28', expected: '1700.00', best: '1700.00', worst: '500.00' },
    // A server that sends best below worst still gets a band from low to high.
    { date: '2026-11-29', expected: '-35.50', best: '-100.00', worst: '20.00' },
  ],
  wallets: [
    { currency: 'USD', floor: '0.00', balances: ['400.00', '1600.00', '-135.50'] },
    { currency: 'EUR', floor: '50.00', balances: ['92.00', '92.00', '92.00'] },
  ],
  items: [],
  warnings: [],
};

describe('signedMoney and its formats', () => {
  it('reads a sign the unsigned contract parser refuses, exactly', () => {
    expect(signedMoney('-120.05', 'USD')?.minor).toBe(-12005n);
    expect(signedMoney('0.25000000', 'BTC')?.minor).toBe(25000000n);
    expect(signedMoney('12.345', 'USD')).toBeNull();
    expect(signedMoney('abc', 'USD')).toBeNull();
  });

  it('shows balances unsigned unless negative, movements always signed', () => {
    expect(formatBalance('1200.00', 'USD')).toBe('$1,200.00');
    expect(formatBalance('-35.00', 'USD')).toBe('−$35.00');
    expect(formatMovement('1200.00', 'USD')).toBe('+$1,200.00');
    expect(formatMovement('-1500.00', 'EUR')).toBe('−€1,500.00');
    expect(formatMovement('oops', 'USD')).toBe('oops USD');
  });
});

describe('itemsByDay', () => {
  const items = [
    item({ id: 'a', date: '2026-12-03' }),
    item({ id: 'b', date: '2026-12-01', currency: 'EUR', amount: '-50.00', homeAmount: '-54.00' }),
    item({
      id: 'c',
      date: '2026-12-03',
      kind: 'scheduled_payment',
      amount: '-900.00',
      homeAmount: '-900.00',
    }),
  ];

  it('groups by day in date order, keeping the server order within a day', () => {
    expect(itemsByDay(items).map((day) => [day.date, day.items.map((each) => each.id)])).toEqual([
      ['2026-12-01', ['b']],
      ['2026-12-03', ['a', 'c']],
    ]);
  });

  it('adds a day up exactly: home amounts for all wallets, own amounts for one', () => {
    const [first, third] = itemsByDay(items);
    expect(dayNet(third!.items, 'all', 'USD').format()).toBe('-800.00');
    expect(dayNet(first!.items, 'all', 'USD').format()).toBe('-54.00');
    expect(dayNet(first!.items, 'EUR', 'USD').format()).toBe('-50.00');
  });

  it("keeps one wallet's items for a wallet view", () => {
    expect(itemsByDay(items, 'EUR').map((day) => day.date)).toEqual(['2026-12-01']);
    expect(itemsByDay(items, 'GBP')).toEqual([]);
    expect(itemsByDay([])).toEqual([]);
  });
});

describe('chartPoints (band geometry)', () => {
  it('draws the home line with a band from the lower to the higher of worst and best', () => {
    const points = chartPoints(forecast, 'all');
    expect(points.map((point) => [point.date, point.expected, point.band])).toEqual([
      ['2026-11-27', 500, [500, 500]],
      ['2026-11-28', 1700, [500, 1700]],
      ['2026-11-29', -35.5, [-100, 20]],
    ]);
    expect(points[2]).toMatchObject({ expectedText: '−$35.50', bestText: '−$100.00', worstText: '$20.00' });
  });

  it("draws one wallet's balances in its currency, without a band", () => {
    const points = chartPoints(forecast, 'EUR');
    expect(points.map((point) => [point.expected, point.band, point.expectedText])).toEqual([
      [92, null, '€92.00'],
      [92, null, '€92.00'],
      [92, null, '€92.00'],
    ]);
    expect(chartPoints(forecast, 'GBP')).toEqual([]);
  });

  it('says the line in words for screen readers', () => {
    expect(lineSummary(chartPoints(forecast, 'all'))).toBe(
      'Expected balance $500.00 today, −$35.50 on Nov 29, 2026; lowest −$35.50 on Nov 29, 2026.',
    );
    expect(lineSummary([])).toBe('');
  });

  it('frames every drawn value, zero and the floor on round ticks', () => {
    expect(yAxis(chartPoints(forecast, 'all'))).toEqual({
      domain: [-500, 2000],
      ticks: [-500, 0, 500, 1000, 1500, 2000],
    });
    expect(yAxis(chartPoints(forecast, 'EUR'), 150)).toEqual({
      domain: [0, 150],
      ticks: [0, 50, 100, 150],
    });
    // A flat line at zero (nothing held, nothing expected) still gets a frame around it.
    const flat = yAxis([{ ...chartPoints(forecast, 'EUR')[0]!, expected: 0 }]);
    expect(flat.domain[0]).toBeLessThan(0);
    expect(flat.domain[1]).toBeGreaterThan(0);
    // Small coin balances get small ticks, without float drift (0.30000000000000004).
    expect(yAxis([{ ...chartPoints(forecast, 'EUR')[0]!, expected: 0.25 }]).ticks).toEqual([
      0, 0.1, 0.2, 0.3,
    ]);
  });
});

describe('warnings', () => {
  const warning: ForecastWarning = {
    currency: 'USD',
    date: '2027-05-03',
    kind: 'below_zero',
    balance: '-35.00',
    floor: '0.00',
    cause: 'Rent to landlord@example.com',
    fixes: [
      { kind: 'chase_invoice', label: 'Chase INV-0042 from Acme', sourceId: 'inv/42' },
      { kind: 'move_payment', label: 'Move Rent to after May 3', sourceId: 'sched-1' },
    ],
  };

  it('says the currency, the line crossed, the day and the cause', () => {
    expect(warningSentence(warning)).toBe(
      'USD would go below zero on May 3, 2027: Rent to landlord@example.com',
    );
    expect(warningSentence({ ...warning, kind: 'below_floor', floor: '1000.00' })).toBe(
      'USD would go below its floor of $1,000.00 on May 3, 2027: Rent to landlord@example.com',
    );
  });

  it('links a fix to the invoice or to the scheduled payments', () => {
    expect(fixHref(warning.fixes[0]!)).toBe('/invoices?invoice=inv%2F42');
    expect(fixHref(warning.fixes[1]!)).toBe('/transfer/scheduled');
  });
});

describe('formatRatesAsOf', () => {
  it('reads a timestamp in UTC and a bare day as a day', () => {
    expect(formatRatesAsOf('2026-11-27T07:15:00.000Z')).toBe('Nov 27, 2026, 07:15 UTC');
    expect(formatRatesAsOf('2026-11-27')).toBe('Nov 27, 2026');
    expect(formatRatesAsOf('soon')).toBe('soon');
  });
});
