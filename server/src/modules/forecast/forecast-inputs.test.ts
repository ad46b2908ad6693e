import { expect, it } from 'vitest';
import type { Invoice } from '@contract/invoices';
import type { TaxEstimate } from '@contract/tax';
import { anchor, forecastAt, on, short } from '../../test/forecast';
import { request, signUp } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { newKey } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { refreshTaxEstimate, type TaxFace } from './forecast-tax';

/** What the forecast reads besides invoices, schedules and cards: the tax, set-asides, recurring invoices. */
describeEachDatabase('forecast inputs', (ctx) => {
  const serviceAt = (today: string, taxFace?: TaxFace) => forecastAt(ctx.app, today, taxFace);

  it('takes the tax not set aside on the next estimate date, kept a day', async () => {
    const carol = await signUp(ctx.app);
    let shortfall = '250.00';
    const taxFace: TaxFace = {
      estimate: async (userId) => ({
        profile: null,
        estimate:
          userId === carol.user.id ? ({ currency: 'USD', nextDate: on(20), shortfall } as TaxEstimate) : null,
      }),
    };
    const taxItems = async (today: string) =>
      (await serviceAt(today, taxFace).forecast(carol.user.id, 30)).items
        .filter((item) => item.kind === 'tax')
        .map((item) => [item.date, item.amount, item.label]);
    expect(await taxItems(anchor)).toEqual([[on(20), '-250.00', 'Tax estimate (the part not set aside)']]);
    // The estimate changes: the forecast keeps today's until the job refreshes it on a later day.
    shortfall = '300.00';
    expect(await taxItems(anchor)).toEqual([[on(20), '-250.00', 'Tax estimate (the part not set aside)']]);
    await refreshTaxEstimate(ctx.app.db, taxFace, carol.user.id, anchor);
    expect(await taxItems(anchor)).toEqual([[on(20), '-250.00', 'Tax estimate (the part not set aside)']]);
    await refreshTaxEstimate(ctx.app.db, taxFace, carol.user.id, on(1));
    expect(await taxItems(on(1))).toEqual([[on(20), '-300.00', 'Tax estimate (the part not set aside)']]);
    // Nothing short: nothing leaves.
    shortfall = '0.00';
    await refreshTaxEstimate(ctx.app.db, taxFace, carol.user.id, on(2));
    expect(await taxItems(on(2))).toEqual([]);
  });

  it('counts set-asides, recurring invoices and scheduled conversions', async () => {
    const dave = await signUp(ctx.app);
    const post = async (url: string, body: unknown, key = false) => {
      const response = await request(ctx.app, dave, 'POST', url, body, key ? newKey() : {});
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: string; invoiceNumber?: string };
    };
    await post('/api/savings-goals', {
      title: 'Taxes',
      category: 'Taxes',
      targetAmount: '5000.00',
      currency: 'USD',
      targetDate: on(300),
      setAsidePercent: 20,
    });
    const draft = await post('/api/invoices', {
      ...invoiceBody({ clientName: 'Dana Co', clientEmail: 'dana@clients.example' }),
      taxRate: '0',
      dueDate: on(5),
      items: [{ description: 'Work', quantity: '1', unitPrice: '1000.00' }],
    });
    const sent = await request(ctx.app, dave, 'PUT', `/api/invoices/${draft.id}/status`, { status: 'sent' });
    const dana = sent.json() as Invoice;
    // Weekly from +2, 14 days' terms: 2 × 250.00 + 10% tax = 550.00, of which 20% goes to the goal.
    const retainer = await post('/api/invoice-schedules', {
      clientName: 'Eve Studio',
      clientEmail: 'eve@clients.example',
      projectTitle: 'Retainer',
      currency: 'USD',
      taxRate: '10',
      items: [{ description: 'Support', quantity: '2', unitPrice: '250.00' }],
      paymentTermsDays: 14,
      frequency: 'week',
      firstDate: on(2),
    });
    const conversion = await post(
      '/api/payment-schedules',
      {
        kind: 'conversion',
        amount: '100.00',
        fromCurrency: 'USD',
        toCurrency: 'EUR',
        cadence: 'once',
        firstDate: on(3),
      },
      true,
    );

    const forecast = await serviceAt(anchor).forecast(dave.user.id, 30);
    const rows = forecast.items.map((item) => [item.date, item.kind, item.currency, item.amount, item.label]);
    const toEur = forecast.items.find((item) => item.currency === 'EUR')!;
    expect(rows).toEqual([
      [on(3), 'scheduled_payment', 'USD', '-100.50', 'Scheduled conversion USD → EUR'],
      [on(3), 'scheduled_payment', 'EUR', toEur.amount, 'Scheduled conversion USD → EUR'],
      [on(5), 'invoice', 'USD', '800.00', `Invoice ${dana.invoiceNumber} from Dana Co (after 20% set aside)`],
      [
        on(16),
        'recurring_invoice',
        'USD',
        '440.00',
        `Recurring invoice to Eve Studio, issued ${short(on(2))} (after 20% set aside)`,
      ],
      [
        on(23),
        'recurring_invoice',
        'USD',
        '440.00',
        `Recurring invoice to Eve Studio, issued ${short(on(9))} (after 20% set aside)`,
      ],
    ]);
    expect(toEur.amount).toMatch(/^\d+\.\d\d$/);
    expect(forecast.items.map((item) => item.sourceId)).toEqual([
      conversion.id,
      conversion.id,
      dana.id,
      retainer.id,
      retainer.id,
    ]);
  });
});
