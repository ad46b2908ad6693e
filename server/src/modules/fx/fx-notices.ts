import { displayMoney, type Money } from '@contract/money';
import type { Notice } from '../notifications/notifier';

export const conversionNotice = (from: Money, to: Money): Notice => ({
  category: 'success',
  type: 'transaction',
  title: 'Conversion complete',
  message: `You converted ${displayMoney(from)} to ${displayMoney(to)}.`,
  actionUrl: '/history',
  actionText: 'View',
});
