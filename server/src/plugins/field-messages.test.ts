import { beforeAll, expect, it } from 'vitest';
import { request, signUp, type Session } from '../test/http';
import { invoiceBody } from '../test/invoices';
import { describeEachDatabase } from '../test/test-app';

/**
 * A 400 about one input says the problem in words a person reads, once: the raw key travels in `fields` (where
 * the web app puts the message under its input), never as a "dueDate: …" prefix on the message.
 */
describeEachDatabase('field messages', (ctx) => {
  let ada: Session;

  beforeAll(async () => {
    ada = await signUp(ctx.app);
  });

  it('a rule the service checks: the due date', async () => {
    const response = await request(
      ctx.app,
      ada,
      'POST',
      '/api/invoices',
      invoiceBody({ dueDate: '2020-01-01' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'The due date cannot be in the past',
      fields: { dueDate: expect.any(String) },
    });
  });

  it('a rule the schema checks at the edge: the verification link and the monthly income', async () => {
    const link = await request(ctx.app, null, 'POST', '/api/auth/verify-email', { token: 'nope' });
    expect(link.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'This verification link is not valid',
      fields: { token: 'This verification link is not valid' },
    });
    const income = await request(ctx.app, ada, 'PUT', '/api/kyc/personal', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      dateOfBirth: '1990-12-10',
      nationality: 'GB',
      address: '12 St James Square',
      city: 'London',
      postalCode: 'SW1Y 4JH',
      country: 'GB',
      occupation: 'Analyst',
      monthlyIncome: 'lots',
      accountType: 'individual',
    });
    expect(income.statusCode).toBe(400);
    expect(income.json().message).toBe('Enter the monthly income in USD, such as 4500');
    expect(income.json().fields).toHaveProperty('monthlyIncome');
  });

  it('an amount checked against its currency', async () => {
    const response = await request(ctx.app, ada, 'POST', '/api/savings-goals', {
      title: 'Taxes',
      category: 'Taxes',
      targetAmount: '1.234',
      currency: 'USD',
      targetDate: `${new Date().getUTCFullYear() + 1}-12-31`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('targetAmount');
    expect(response.json().message).not.toMatch(/^[a-zA-Z.]+: /);
  });
});
