import type { Currency } from '@contract/currencies';
import { formatDay } from '@contract/dates';
import { addDays, periodDate, type ScheduleFrequency } from '@contract/invoice-schedules';
import { lineAmountMinor, taxMinor } from '@contract/invoice-math';
import { displayMoney, Money, parseAmount, type Rate } from '@contract/money';
import type { ScheduledPaymentDue } from '@contract/payment-schedules';
import { priceConversion, transferCharge } from '@contract/pricing';
import { setAsideShare } from '../goals/set-aside';
import { notBefore } from './forecast-days';
import type { Planned } from './forecast-plan';
import { nextCharges, type Subscription } from './subscriptions';

/** A client's record: the average of paid date − due date over their paid invoices, in days. */
export interface Lateness {
  averageDays: number;
}

/**
 * How a client's invoices are expected: moved by their average lateness rounded up to a whole day (a client
 * who paid early is expected on the due date: the forecast takes no credit for early payers). A client with no
 * paid invoice is new: lateness 0, not a late payer.
 */
export function latenessOf(record: Lateness | undefined) {
  const average = record?.averageDays ?? 0;
  return { days: average > 0 ? Math.ceil(average) : 0, latePayer: average > 0 };
}

/** The share of incoming payments the owner's set-aside goals take, per currency, in percent. */
export type SetAsides = Map<Currency, number[]>;

/** What reaches the wallet of a payment: the set-aside goals' shares go to the goals (goals/set-aside.ts). */
function arriving(minor: bigint, currency: Currency, setAsides: SetAsides) {
  const percents = setAsides.get(currency) ?? [];
  const kept = percents.reduce((left, percent) => left - setAsideShare(minor, percent), minor);
  const note = percents.length > 0 ? `after ${percents.reduce((a, b) => a + b, 0)}% set aside` : null;
  return { minor: kept, note };
}

const plural = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** " (usually 12 days late, after 20% set aside)", or nothing. */
function details(latePayer: boolean, days: number, note: string | null) {
  const parts = [latePayer ? `usually ${plural(days)} late` : null, note].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

export interface OpenInvoice {
  id: string;
  number: string;
  client_name: string;
  client_key: string;
  currency: Currency;
  owed: bigint;
  due_date: string;
}

/**
 * An open invoice: what is still owed, on its due date moved by the client's lateness (expected), on its due
 * date (best), absent when the client paid late before (worst). Overdue: expected today at the earliest.
 */
export function invoiceItem(
  invoice: OpenInvoice,
  record: Lateness | undefined,
  setAsides: SetAsides,
  today: string,
): Planned {
  const { days, latePayer } = latenessOf(record);
  const expected = notBefore(addDays(invoice.due_date, days), today);
  const { minor, note } = arriving(invoice.owed, invoice.currency, setAsides);
  const owed = displayMoney(Money.of(invoice.owed, invoice.currency));
  const record_ = latePayer
    ? `${plural(days)} late on average`
    : `${invoice.due_date < today ? 'overdue since' : 'due'} ${formatDay(invoice.due_date, 'short')}`;
  return {
    id: `invoice:${invoice.id}`,
    kind: 'invoice',
    label: `Invoice ${invoice.number} from ${invoice.client_name}${details(latePayer, days, note)}`,
    currency: invoice.currency,
    amount: minor,
    sourceId: invoice.id,
    latePayer,
    date: expected,
    best: notBefore(invoice.due_date, today),
    worst: latePayer ? null : expected,
    chase: {
      label: `Chase ${invoice.number} from ${invoice.client_name} (${owed}, ${record_})`,
      due: invoice.due_date,
    },
  };
}

export interface RecurringInvoice {
  id: string;
  client_name: string;
  client_key: string;
  currency: Currency;
  tax_rate: string;
  items: string;
  payment_terms_days: number;
  frequency: ScheduleFrequency;
  first_date: string;
  end_date: string | null;
  end_count: number | null;
  next_index: number;
}

/** The invoice a schedule makes each period: the lines and tax as the invoices module adds them up. */
function recurringTotal(schedule: RecurringInvoice): bigint {
  const lines = JSON.parse(schedule.items) as { quantity: string; unitPrice: string }[];
  const amount = lines.reduce(
    (sum, line) => sum + lineAmountMinor(line.quantity, parseAmount(line.unitPrice, schedule.currency)),
    0n,
  );
  return amount + taxMinor(amount, schedule.tax_rate);
}

/**
 * A recurring invoice's next issues up to `to`: each arrives on its issue date + payment terms, moved by the
 * client's lateness as an open invoice is (best: on its terms; worst: absent for a late payer).
 */
export function recurringItems(
  schedule: RecurringInvoice,
  record: Lateness | undefined,
  setAsides: SetAsides,
  today: string,
  to: string,
): Planned[] {
  const { days, latePayer } = latenessOf(record);
  const { minor, note } = arriving(recurringTotal(schedule), schedule.currency, setAsides);
  const planned: Planned[] = [];
  for (let n = schedule.next_index; ; n++) {
    if (schedule.end_count !== null && n >= schedule.end_count) break;
    const issue = periodDate(schedule.first_date, schedule.frequency, n);
    if (issue > to || (schedule.end_date !== null && issue > schedule.end_date)) break;
    const due = notBefore(addDays(issue, schedule.payment_terms_days), today);
    const expected = addDays(due, days);
    planned.push({
      id: `recurring_invoice:${schedule.id}:${issue}`,
      kind: 'recurring_invoice',
      label: `Recurring invoice to ${schedule.client_name}, issued ${formatDay(issue, 'short')}${details(latePayer, days, note)}`,
      currency: schedule.currency,
      amount: minor,
      sourceId: schedule.id,
      latePayer,
      date: expected,
      best: due,
      worst: latePayer ? null : expected,
    });
  }
  return planned;
}

/**
 * A scheduled run: a transfer leaves its amount plus the 2.9% fee (transferCharge); a conversion leaves its
 * amount plus the 0.5% fee and brings the converted amount at today's rate into the other wallet.
 */
export function scheduledItems(due: ScheduledPaymentDue, rate: Rate | null, today: string): Planned[] {
  const amount = Money.parse(due.amount, due.fromCurrency);
  const date = notBefore(due.date, today);
  const base = { sourceId: due.scheduleId, latePayer: false, date, best: date, worst: date };
  const id = `scheduled_payment:${due.scheduleId}:${due.date}`;
  if (due.kind === 'transfer') {
    return [
      {
        ...base,
        id,
        kind: 'scheduled_payment',
        label: `Scheduled payment to ${due.label}`,
        currency: due.fromCurrency,
        amount: -transferCharge(amount).total.minor,
        movable: true,
      },
    ];
  }
  if (!rate) throw new Error(`No ${due.fromCurrency}→${due.toCurrency} rate for a scheduled conversion`);
  const figures = priceConversion(amount, due.toCurrency, rate);
  const label = `Scheduled conversion ${due.label}`;
  return [
    {
      ...base,
      id,
      kind: 'scheduled_payment',
      label,
      currency: due.fromCurrency,
      amount: -figures.total.minor,
      movable: true,
    },
    {
      ...base,
      id: `${id}:in`,
      kind: 'scheduled_payment',
      label,
      currency: due.toCurrency,
      amount: figures.converted.minor,
    },
  ];
}

export function subscriptionItems(subscription: Subscription, today: string, to: string): Planned[] {
  return nextCharges(subscription, today, to).map((date) => ({
    id: `subscription:${subscription.currency}:${subscription.merchant.toLowerCase()}:${date}`,
    kind: 'subscription',
    label: subscription.merchant,
    currency: subscription.currency,
    amount: -subscription.amount,
    sourceId: subscription.merchant,
    latePayer: false,
    date,
    best: date,
    worst: date,
  }));
}

/**
 * The tax: on the next estimate date, the part of this tax year's estimate the tax goal does not hold (the
 * estimate's shortfall) leaves the home-currency wallet; what the goal holds is already out of the wallets.
 * Later estimate dates in the window add nothing: their tax depends on income not yet seen, and counting the
 * year so far again would count it twice.
 */
export function taxItem(estimate: {
  nextDate: string;
  shortfall: string;
  currency: Currency;
}): Planned | null {
  const shortfall = parseAmount(estimate.shortfall, estimate.currency);
  if (shortfall <= 0n) return null;
  const date = estimate.nextDate;
  return {
    id: `tax:${date}`,
    kind: 'tax',
    label: 'Tax estimate (the part not set aside)',
    currency: estimate.currency,
    amount: -shortfall,
    sourceId: null,
    latePayer: false,
    date,
    best: date,
    worst: date,
  };
}
