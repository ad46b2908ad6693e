import { displayMoney, type Money } from '@contract/money';
import type { Notice } from '../notifications/notifier';

/** What the bell says about money sent by email, at each step of its way. */

const toHistory = { actionUrl: '/history', actionText: 'View' } as const;

export const moneySentNotice = (amount: Money, to: string): Notice => ({
  category: 'success',
  type: 'transaction',
  title: 'Money sent',
  message: `You sent ${displayMoney(amount)} to ${to}.`,
  ...toHistory,
});

export const moneyReceivedNotice = (amount: Money, from: string): Notice => ({
  category: 'success',
  type: 'payment',
  title: 'Money received',
  message: `${from} sent you ${displayMoney(amount)}.`,
  ...toHistory,
});

export const paymentHeldNotice = (amount: Money, to: string, days: number): Notice => ({
  category: 'info',
  type: 'transaction',
  title: 'Payment waiting for its recipient',
  message: `${displayMoney(amount)} to ${to} is held until they verify that address. If nobody does within ${days} days, it comes back to you in full.`,
  ...toHistory,
});

export const heldDeliveredNotice = (amount: Money, to: string): Notice => ({
  category: 'success',
  type: 'transaction',
  title: 'Held payment delivered',
  message: `${to} verified their address and received your ${displayMoney(amount)}.`,
  ...toHistory,
});

export const heldReturnedNotice = (amount: Money, to: string): Notice => ({
  category: 'warning',
  type: 'transaction',
  title: 'Payment returned',
  message: `Nobody claimed your ${displayMoney(amount)} to ${to}, so it is back in your wallet, fee included.`,
  ...toHistory,
});

export const payoutSettledNotice = (amount: Money, to: string): Notice => ({
  category: 'success',
  type: 'transaction',
  title: 'Payout settled',
  message: `Your ${displayMoney(amount)} payment to ${to} has arrived.`,
  ...toHistory,
});
