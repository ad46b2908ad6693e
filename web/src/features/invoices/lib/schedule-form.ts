import {
  createScheduleBodySchema,
  type CreateScheduleBody,
  type InvoiceSchedule,
  type ScheduleFrequency,
  type ScheduleStatus,
} from '@contract/invoice-schedules';
import {
  draftErrors as invoiceDraftErrors,
  newInvoiceDraft,
  toCreateBody,
  type InvoiceDraft,
} from './invoice-form';

/**
 * The recurring-invoice form: the invoice form's fields (its lines editor and checks are reused; the due date
 * is not asked, it follows from the terms) plus when it runs, how it ends and whether it sends itself.
 */
export interface ScheduleDraft extends InvoiceDraft {
  frequency: ScheduleFrequency;
  firstDate: string;
  paymentTermsDays: string;
  autoSend: boolean;
  end: 'never' | 'date' | 'count';
  endDate: string;
  endCount: string;
}

export const frequencyLabels: Record<ScheduleFrequency, string> = {
  week: 'Every week',
  month: 'Every month',
  quarter: 'Every quarter',
  year: 'Every year',
};

export const scheduleStatusLabels: Record<ScheduleStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  stopped: 'Stopped',
  finished: 'Finished',
};

const todayUtc = () => new Date().toISOString().slice(0, 10);

export function newScheduleDraft(): ScheduleDraft {
  return {
    ...newInvoiceDraft(),
    dueDate: '',
    frequency: 'month',
    firstDate: todayUtc(),
    paymentTermsDays: '30',
    autoSend: true,
    end: 'never',
    endDate: '',
    endCount: '',
  };
}

export function draftFromSchedule(schedule: InvoiceSchedule): ScheduleDraft {
  return {
    clientId: '',
    // A schedule's invoices ask for no deposit: each is the period's whole amount.
    deposit: '',
    depositKind: 'percent',
    minimumPayment: '',
    clientName: schedule.clientName,
    clientEmail: schedule.clientEmail,
    clientAddress: schedule.clientAddress,
    projectTitle: schedule.projectTitle,
    description: schedule.description,
    currency: schedule.currency,
    taxRate: schedule.taxRate,
    language: schedule.language,
    notes: schedule.notes,
    items: schedule.items.map((line) => ({ ...line })),
    dueDate: '',
    frequency: schedule.frequency,
    firstDate: schedule.firstDate,
    paymentTermsDays: String(schedule.paymentTermsDays),
    autoSend: schedule.autoSend,
    end: schedule.endDate ? 'date' : schedule.endCount ? 'count' : 'never',
    endDate: schedule.endDate ?? '',
    endCount: schedule.endCount ? String(schedule.endCount) : '',
  };
}

/** A whole number typed in a field, or NaN so the schema says what is wrong. */
const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

export function toScheduleBody(draft: ScheduleDraft): CreateScheduleBody {
  // A schedule keeps its own copy of the client's details, so a saved client's link is not sent.
  const { dueDate: _due, amount: _amount, clientId: _client, ...invoice } = toCreateBody(draft);
  return {
    ...invoice,
    clientName: draft.clientName,
    clientEmail: draft.clientEmail,
    items: invoice.items ?? [],
    frequency: draft.frequency,
    firstDate: draft.firstDate,
    paymentTermsDays: wholeNumber(draft.paymentTermsDays),
    autoSend: draft.autoSend,
    endDate: draft.end === 'date' ? draft.endDate : null,
    endCount: draft.end === 'count' ? wholeNumber(draft.endCount) : null,
  };
}

/** The invoice form's own checks (less the due date) and the schedule's, keyed as the server keys them. */
export function scheduleDraftErrors(draft: ScheduleDraft): Record<string, string> {
  const { dueDate: _due, ...errors } = invoiceDraftErrors({ ...draft, dueDate: todayUtc() });
  const parsed = createScheduleBodySchema.safeParse(toScheduleBody(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  }
  return errors;
}
