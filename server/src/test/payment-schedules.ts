/** Test-side helpers for scheduled payments. */
const today = () => new Date().toISOString().slice(0, 10);

/** A monthly rent of 25.00 USD from today, with `overrides`. */
export const paymentBody = (overrides: Record<string, unknown> = {}) => ({
  amount: '25.00',
  fromCurrency: 'USD',
  recipientEmail: 'landlord@example.com',
  description: 'Rent',
  cadence: 'month',
  firstDate: today(),
  ...overrides,
});
