import { describe, expect, it } from 'vitest';
import { newScheduleDraft, scheduleDraftErrors, toScheduleBody } from './schedule-form';

describe('the recurring invoice form', () => {
  const filled = () => ({
    ...newScheduleDraft(),
    clientName: 'Acme',
    clientEmail: 'billing@acme.example',
    projectTitle: 'Retainer',
    items: [{ description: '', quantity: '1', unitPrice: '500.00' }],
  });

  it('sends the template without a due date, and only the end chosen', () => {
    const body = toScheduleBody({ ...filled(), end: 'count', endCount: '6', endDate: '2030-01-01' });
    expect(body).not.toHaveProperty('dueDate');
    expect(body).toMatchObject({ endCount: 6, endDate: null, paymentTermsDays: 30, autoSend: true });
    expect(body.items).toEqual([{ description: 'Retainer', quantity: '1', unitPrice: '500.00' }]);
    expect(scheduleDraftErrors({ ...filled(), end: 'count', endCount: '6' })).toEqual({});
  });

  it('says what is wrong with the schedule as the server would', () => {
    const errors = scheduleDraftErrors({
      ...filled(),
      paymentTermsDays: 'soon',
      end: 'count',
      endCount: '0',
    });
    expect(errors.paymentTermsDays).toBeDefined();
    expect(errors.endCount).toBe('Number of invoices must be at least 1');
  });
});
