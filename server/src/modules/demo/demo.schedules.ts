import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addDays } from '@contract/invoice-schedules';
import { createPaymentScheduleBodySchema } from '@contract/payment-schedules';
import type { Database } from '../../db/schema';
import { createPaymentSchedulesService } from '../payment-schedules/payment-schedules.service';

/**
 * The demo's scheduled payments, made through the payment schedules module's service (never its tables): the
 * studio's rent, due in four days, larger than what arrives before it. With the demo's floor (the forecast
 * module's demo seed) the dashboard's forecast opens on a warning worth reading: the rent takes the USD
 * wallet under its floor until Atlas Freight's invoice comes in.
 */
export const DEMO_RENT = { amount: '2800.00', recipientEmail: 'landlord@harbourlofts.example', inDays: 4 };

export async function seedDemoSchedules(db: Kysely<Database>, userId: string, now = new Date()) {
  const schedules = createPaymentSchedulesService({ db, now: () => now });
  const body = createPaymentScheduleBodySchema.parse({
    amount: DEMO_RENT.amount,
    fromCurrency: 'USD',
    recipientEmail: DEMO_RENT.recipientEmail,
    description: 'Studio rent',
    cadence: 'month',
    firstDate: addDays(now.toISOString().slice(0, 10), DEMO_RENT.inDays),
  });
  await schedules.create({ userId, key: randomUUID(), fingerprint: 'demo-rent' }, body);
}
