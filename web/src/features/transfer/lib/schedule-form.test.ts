import { describe, expect, it } from 'vitest';
import type { PaymentSchedule } from '@contract/payment-schedules';
import {
  changeDraft,
  draftFromSchedule,
  draftFromTransfer,
  fitTarget,
  newScheduleDraft,
  scheduleDraftErrors,
  scheduleLabel,
  targetCurrencies,
  toCreateBody,
  toUpdateBody,
  type ScheduleDraft,
} from './schedule-form';

const today = '2026-11-27';
const rent = (): ScheduleDraft => ({
  ...newScheduleDraft('USD', today),
  amount: ' 1200.00 ',
  recipientEmail: ' Landlord@Example.com ',
  description: 'Rent',
});

describe('the scheduled payment form', () => {
  it('starts as a monthly transfer from today, paid in the wallet’s own currency', () => {
    expect(newScheduleDraft('EUR', today)).toMatchObject({
      kind: 'transfer',
      fromCurrency: 'EUR',
      toCurrency: 'EUR',
      cadence: 'month',
      firstDate: today,
      endDate: '',
      description: 'Money Transfer',
    });
    // A wallet that is not a transfer target (yen, crypto) pays in dollars, as the send form starts.
    expect(newScheduleDraft('JPY', today).toCurrency).toBe('USD');
  });

  it('sends a transfer as the contract takes it', () => {
    expect(toCreateBody({ ...rent(), endDate: '2027-06-30' })).toEqual({
      kind: 'transfer',
      amount: '1200.00',
      fromCurrency: 'USD',
      toCurrency: 'USD',
      recipientEmail: 'Landlord@Example.com',
      description: 'Rent',
      cadence: 'month',
      firstDate: today,
      endDate: '2027-06-30',
    });
    expect(scheduleDraftErrors(rent(), { today })).toEqual({});
  });

  it('sends a conversion without a recipient, and a one-off payment without an end date', () => {
    const conversion = changeDraft(rent(), { kind: 'conversion' });
    expect(conversion.toCurrency).toBe('EUR');
    expect(toCreateBody(conversion)).toMatchObject({ recipientEmail: null, toCurrency: 'EUR' });
    expect(scheduleDraftErrors(conversion, { today })).toEqual({});

    const once = changeDraft({ ...rent(), endDate: '2027-01-01' }, { cadence: 'once' });
    expect(once.endDate).toBe('');
    expect(toCreateBody({ ...once, endDate: '2027-01-01' }).endDate).toBeNull();
  });

  it('says what is missing or wrong, keyed by the field the server names', () => {
    const errors = scheduleDraftErrors(
      { ...newScheduleDraft('', today), amount: '', recipientEmail: '' },
      { today },
    );
    expect(errors.fromCurrency).toBe('Choose the wallet to pay from');
    expect(errors.amount).toBe('Enter an amount');
    expect(errors.recipientEmail).toBe('Choose who to pay');

    const wrong = scheduleDraftErrors(
      {
        ...rent(),
        amount: '10.999',
        recipientEmail: 'not an email',
        firstDate: '2026-11-26',
        endDate: '2026-11-01',
      },
      { today },
    );
    expect(wrong.amount).toBe('USD amounts can have at most 2 decimal places');
    expect(wrong.recipientEmail).toBe('Enter a valid email address');
    expect(wrong.firstDate).toBe('The first date cannot be in the past');
    expect(wrong.endDate).toBe('The end date cannot be before the first date');
  });

  it('lets an existing schedule keep a first date that has passed', () => {
    const running = { ...rent(), firstDate: '2026-01-31' };
    expect(scheduleDraftErrors(running, { today })).toHaveProperty('firstDate');
    expect(scheduleDraftErrors(running, { editing: true, today })).toEqual({});
  });

  it('edits only what the runs to come pay', () => {
    expect(toUpdateBody({ ...rent(), endDate: '' })).toEqual({
      amount: '1200.00',
      recipientEmail: 'Landlord@Example.com',
      description: 'Rent',
      endDate: null,
    });
    const conversion = changeDraft(rent(), { kind: 'conversion' });
    expect(toUpdateBody(conversion)).not.toHaveProperty('recipientEmail');
  });

  it('round-trips a schedule from the API into the edit form', () => {
    const schedule: PaymentSchedule = {
      id: 's1',
      kind: 'transfer',
      amount: '1200.00',
      fromCurrency: 'USD',
      toCurrency: 'EUR',
      recipientEmail: 'landlord@example.com',
      description: 'Rent',
      cadence: 'quarter',
      firstDate: '2026-01-31',
      endDate: null,
      status: 'active',
      nextDate: '2027-01-31',
      lastRun: null,
      runsPaid: 3,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    };
    const draft = draftFromSchedule(schedule);
    expect(draft).toMatchObject({ toCurrency: 'EUR', cadence: 'quarter', endDate: '' });
    expect(scheduleLabel(schedule)).toBe('To landlord@example.com');
    expect(scheduleLabel({ ...schedule, kind: 'conversion', recipientEmail: null })).toBe('USD → EUR');
  });

  it('takes over the send form’s fields for "Schedule this instead"', () => {
    const draft = draftFromTransfer(
      {
        fromCurrency: 'GBP',
        amount: ' 80 ',
        toCurrency: 'EUR',
        recipientEmail: ' sam@example.com',
        description: 'Studio share',
      },
      today,
    );
    expect(draft).toMatchObject({
      kind: 'transfer',
      fromCurrency: 'GBP',
      amount: '80',
      toCurrency: 'EUR',
      recipientEmail: 'sam@example.com',
      description: 'Studio share',
      cadence: 'month',
      firstDate: today,
    });
  });

  it('keeps the target fitting the kind and the source', () => {
    // A transfer's target follows its source until chosen, and stays once chosen.
    expect(changeDraft(rent(), { fromCurrency: 'GBP' }).toCurrency).toBe('GBP');
    const chosen = changeDraft(rent(), { toCurrency: 'CAD' });
    expect(changeDraft(chosen, { fromCurrency: 'GBP' }).toCurrency).toBe('CAD');
    // A conversion never converts a currency into itself.
    const conversion = changeDraft(rent(), { kind: 'conversion', toCurrency: 'EUR' });
    expect(changeDraft(conversion, { fromCurrency: 'EUR' }).toCurrency).toBe('USD');
    expect(fitTarget('transfer', 'BTC', 'BTC')).toBe('USD');
    expect(targetCurrencies('conversion', 'USD', ['USD', 'EUR', 'BTC'])).toEqual(['EUR', 'BTC']);
    expect(targetCurrencies('transfer', 'BTC', ['USD', 'EUR', 'BTC', 'JPY'])).toEqual(['USD', 'EUR']);
  });
});
