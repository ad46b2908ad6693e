import { displayMoney, type Money } from '@contract/money';
import type { Notice } from '../notifications/notifier';

export const verifiedNotice = (limit: Money): Notice => ({
  category: 'success',
  type: 'security',
  title: 'Identity verified',
  message: `Your identity is verified. You can now send, convert and trade up to ${displayMoney(limit)} a month.`,
  actionUrl: '/profile',
  actionText: 'View limits',
});

export const rejectedNotice = (reasons: string[]): Notice => ({
  category: 'error',
  type: 'security',
  title: 'Identity verification unsuccessful',
  message: `${reasons.join('; ')}. Fix it and submit again.`.slice(0, 500),
  actionUrl: '/onboarding',
  actionText: 'Fix and resubmit',
});
