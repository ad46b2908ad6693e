import type { Notice } from '../notifications/notifier';

export const emailVerifiedAlert = (email: string): Notice => ({
  category: 'success',
  type: 'security',
  title: 'Email address verified',
  message: `${email} is confirmed. Money sent to it now lands in your wallets at once.`,
});

export const emailChangedAlert = (from: string, to: string): Notice => ({
  category: 'warning',
  type: 'security',
  title: 'Email address changed',
  message: `Your account moved from ${from} to ${to}. If this was not you, contact support at once.`,
  actionUrl: '/profile',
  actionText: 'Review',
});
