import { z } from 'zod';

/** Earnings from client payments, valued in USD at the current rate. Deposits and exchanges are not earnings. */
export const analyticsSchema = z.object({
  /** Client payments received this calendar month (UTC). */
  monthlyEarnings: z.string(),
  /** Mean client payment over the last 90 days. */
  averageProject: z.string(),
  /** Distinct clients who paid in the last 90 days. */
  activeClients: z.number().int(),
  currency: z.literal('USD'),
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** Six calendar months, oldest first, the current month last. Income = client payments; spending = sends and card payments (fees included). */
export const cashflowSchema = z.array(
  z.object({
    month: z.string().regex(/^\d{4}-\d{2}$/),
    income: z.string(),
    spending: z.string(),
  }),
);
export type Cashflow = z.infer<typeof cashflowSchema>;
