import type { Currency } from '@contract/currencies';
import {
  createPaymentScheduleBodySchema,
  type CreatePaymentScheduleBody,
  type PaymentCadence,
  type PaymentRunOutcome,
  type PaymentSchedule,
  type PaymentScheduleKind,
  type PaymentScheduleStatus,
  type UpdatePaymentScheduleBody,
} from '@contract/payment-schedules';
import { DEFAULT_TRANSFER_DESCRIPTION } from '@contract/transfers';
import { isTransferTarget, type TransferDraft } from './transfer-form';

/** The schedule form as typed. Empty strings mean "not chosen yet"; `endDate` empty: until cancelled. */
export interface ScheduleDraft {
  kind: PaymentScheduleKind;
  fromCurrency: Currency | '';
  amount: string;
  /** What the recipient gets (a transfer) or what the money becomes (a conversion). */
  toCurrency: Currency | '';
  recipientEmail: string;
  description: string;
  cadence: PaymentCadence;
  firstDate: string;
  endDate: string;
}

export const cadenceLabels: Record<PaymentCadence, string> = {
  once: 'Once',
  week: 'Every week',
  month: 'Every month',
  quarter: 'Every quarter',
};

export const statusLabels: Record<PaymentScheduleStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  waiting: 'Needs you',
  cancelled: 'Cancelled',
  finished: 'Finished',
};

export const outcomeLabels: Record<PaymentRunOutcome, string> = {
  paid: 'Paid',
  retrying: 'Failed, trying again today',
  failed: 'Failed',
  skipped: 'Skipped',
};

/** The day in UTC, as the server counts a schedule's days. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

export function newScheduleDraft(fromCurrency: Currency | '' = '', today = todayUtc()): ScheduleDraft {
  return {
    kind: 'transfer',
    fromCurrency,
    amount: '',
    toCurrency: fitTarget('transfer', fromCurrency, fromCurrency),
    recipientEmail: '',
    description: DEFAULT_TRANSFER_DESCRIPTION,
    cadence: 'month',
    firstDate: today,
    endDate: '',
  };
}

/** "Schedule this instead": the send form's fields, to pay every month from today unless changed. */
export function draftFromTransfer(transfer: TransferDraft, today = todayUtc()): ScheduleDraft {
  return {
    ...newScheduleDraft(transfer.fromCurrency, today),
    amount: transfer.amount.trim(),
    toCurrency: transfer.toCurrency || transfer.fromCurrency,
    recipientEmail: transfer.recipientEmail.trim(),
    description: transfer.description,
  };
}

/** The edit form starts from what the schedule pays now. */
export function draftFromSchedule(schedule: PaymentSchedule): ScheduleDraft {
  return {
    kind: schedule.kind,
    fromCurrency: schedule.fromCurrency,
    amount: schedule.amount,
    toCurrency: schedule.toCurrency,
    recipientEmail: schedule.recipientEmail ?? '',
    description: schedule.description,
    cadence: schedule.cadence,
    firstDate: schedule.firstDate,
    endDate: schedule.endDate ?? '',
  };
}

/**
 * The draft as the API takes it. An unchosen currency stays out so the schema names it as missing; a one-off
 * payment has no end date; a conversion has no recipient.
 */
export function toCreateBody(draft: ScheduleDraft): CreatePaymentScheduleBody {
  return {
    kind: draft.kind,
    amount: draft.amount.trim(),
    fromCurrency: (draft.fromCurrency || undefined) as Currency,
    ...(draft.toCurrency && { toCurrency: draft.toCurrency }),
    recipientEmail: draft.kind === 'transfer' ? draft.recipientEmail.trim() : null,
    description: draft.description.trim() || DEFAULT_TRANSFER_DESCRIPTION,
    cadence: draft.cadence,
    firstDate: draft.firstDate,
    endDate: draft.cadence !== 'once' && draft.endDate ? draft.endDate : null,
  };
}

/** PATCH: only what the runs still to come may change (the contract keeps kind, currencies and dates). */
export function toUpdateBody(draft: ScheduleDraft): UpdatePaymentScheduleBody {
  const { amount, recipientEmail, description, endDate } = toCreateBody(draft);
  return {
    amount,
    ...(draft.kind === 'transfer' && recipientEmail && { recipientEmail }),
    description,
    endDate: endDate ?? null,
  };
}

/**
 * The form's problems, keyed as the server keys them, from the contract's own schema; plus the one rule the
 * server checks against its clock, a first date in the past (only for a new schedule: an old one's first date
 * has rightly passed).
 */
export function scheduleDraftErrors(
  draft: ScheduleDraft,
  { editing = false, today = todayUtc() }: { editing?: boolean; today?: string } = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.fromCurrency) errors.fromCurrency = 'Choose the wallet to pay from';
  if (draft.kind === 'conversion' && !draft.toCurrency)
    errors.toCurrency = 'Choose the currency to convert to';
  if (draft.kind === 'transfer' && !draft.recipientEmail.trim()) errors.recipientEmail = 'Choose who to pay';
  if (!draft.amount.trim()) errors.amount = 'Enter an amount';
  if (!editing && /^\d{4}-\d{2}-\d{2}$/.test(draft.firstDate) && draft.firstDate < today) {
    errors.firstDate = 'The first date cannot be in the past';
  }
  const parsed = createPaymentScheduleBodySchema.safeParse(toCreateBody(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  }
  return errors;
}

/** Who or what a schedule pays, in a few words: the recipient, or the two currencies of a conversion. */
export const scheduleLabel = (
  schedule: Pick<PaymentSchedule, 'kind' | 'recipientEmail' | 'fromCurrency' | 'toCurrency'>,
) =>
  schedule.kind === 'conversion'
    ? `${schedule.fromCurrency} → ${schedule.toCurrency}`
    : `To ${schedule.recipientEmail ?? 'nobody yet'}`;

/** Pause, resume, edit and cancel are for a schedule still running; a cancelled or finished one is history. */
export const scheduleIsOpen = (status: PaymentScheduleStatus) =>
  status === 'active' || status === 'paused' || status === 'waiting';

/** The send form's targets for a transfer; any other currency for a conversion. */
export function targetCurrencies(
  kind: PaymentScheduleKind,
  from: Currency | '',
  all: readonly Currency[],
): Currency[] {
  return kind === 'transfer' ? all.filter(isTransferTarget) : all.filter((code) => code !== from);
}

/**
 * A target that fits the kind and source: a transfer pays in one of the send form's targets (the source's own
 * currency when it is one, as the send form starts), a conversion needs a currency other than the source.
 */
export function fitTarget(kind: PaymentScheduleKind, from: Currency | '', to: Currency | ''): Currency | '' {
  if (!from) return to;
  if (kind === 'transfer') return to && isTransferTarget(to) ? to : isTransferTarget(from) ? from : 'USD';
  return to && to !== from ? to : from === 'USD' ? 'EUR' : 'USD';
}

/**
 * One edit to the draft. A transfer's target follows its source until the person picks another (as on the
 * send form); switching kind or source keeps the target only while it still fits.
 */
export function changeDraft(draft: ScheduleDraft, patch: Partial<ScheduleDraft>): ScheduleDraft {
  const next = { ...draft, ...patch };
  if (('fromCurrency' in patch || 'kind' in patch) && !('toCurrency' in patch)) {
    const following = draft.kind === 'transfer' && draft.toCurrency === draft.fromCurrency;
    const wanted = following && next.kind === 'transfer' ? next.fromCurrency : next.toCurrency;
    next.toCurrency = fitTarget(next.kind, next.fromCurrency, wanted);
  }
  if (patch.cadence === 'once') next.endDate = '';
  return next;
}
