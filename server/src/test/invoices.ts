/** A valid POST /api/invoices body (two lines, 10% tax: 1,050.00 + 105.00), due in a month. */
const nextMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

export const invoiceBody = (overrides: Record<string, unknown> = {}) => ({
  clientName: 'Acme Studio',
  clientEmail: 'billing@acme.example',
  clientAddress: '1 Main Street\nSpringfield',
  projectTitle: 'Website redesign',
  currency: 'USD',
  taxRate: '10',
  dueDate: nextMonth,
  items: [
    { description: 'Design', quantity: '10', unitPrice: '80.00' },
    { description: 'Build', quantity: '2.5', unitPrice: '100.00' },
  ],
  ...overrides,
});
