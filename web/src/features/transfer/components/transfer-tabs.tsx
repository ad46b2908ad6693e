import { PageTabs, type PageTab } from '@web/components/page-tabs';

/** The tabs of Send Money, each its own address under /transfer: one line here and one route (app/router.tsx). */
export const transferTabs: PageTab[] = [
  // /transfer itself is the send form, so its tab is active only there, not under /transfer/scheduled.
  { to: '/transfer', label: 'Send now', end: true },
  { to: '/transfer/scheduled', label: 'Scheduled' },
];

export function TransferTabs() {
  return <PageTabs label="Send Money" tabs={transferTabs} />;
}
