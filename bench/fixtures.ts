import { call, openCustomer, type Customer } from '../server/src/test/bank/bank-client';
import { randomUUID } from 'node:crypto';

/** Signed-in customers with funded USD wallets, made through the public API like real users. */
export async function fundedCustomers(baseUrl: string, count: number, deposits = 2): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let index = 0; index < count; index++) {
    const customer = await openCustomer(() => baseUrl, ['USD']);
    for (let deposit = 0; deposit < deposits; deposit++) {
      const answer = await call(() => baseUrl, 'POST', `/api/wallets/${customer.wallets.USD}/deposit`, {
        cookie: customer.cookie,
        key: randomUUID(),
        body: { amount: '50000.00' },
      });
      if (answer.status !== 201) throw new Error(`deposit: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    customers.push(customer);
  }
  return customers;
}
