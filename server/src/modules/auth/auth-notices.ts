import type { Notice } from '../notifications/notifier';

const browsers: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const systems: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on macOS" from a User-Agent header: enough for a person to recognise (or not) their own browser. */
export function describeBrowser(userAgent: string): string {
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'an unrecognised browser';
}

export const newSignInNotice = (client: { ip: string; userAgent: string }): Notice => ({
  category: 'warning',
  type: 'security',
  title: 'New sign-in to your account',
  message: `Signed in from ${describeBrowser(client.userAgent)} (${client.ip}). If this was not you, change your password now.`,
  actionUrl: '/profile',
  actionText: 'Review',
});

export const welcomeNotice: Notice = {
  category: 'info',
  type: 'system',
  title: 'Welcome to Meridian',
  message: 'Your wallets are open. Confirm your email address (we sent you a link) to receive money.',
  actionUrl: '/dashboard',
  actionText: 'Get started',
};

export const passwordChangedNotice: Notice = {
  category: 'warning',
  type: 'security',
  title: 'Password changed',
  message:
    'Your password was changed and every other session was signed out. If this was not you, contact support at once.',
  actionUrl: '/profile',
  actionText: 'Review',
};

export const twoFactorEnabledNotice: Notice = {
  category: 'success',
  type: 'security',
  title: 'Two-factor authentication on',
  message:
    'Signing in now also needs a code from your authenticator app. Keep your recovery codes somewhere safe.',
  actionUrl: '/profile',
  actionText: 'Review',
};

export const twoFactorDisabledNotice: Notice = {
  category: 'warning',
  type: 'security',
  title: 'Two-factor authentication off',
  message: 'Signing in needs only your password again. If this was not you, change your password now.',
  actionUrl: '/profile',
  actionText: 'Review',
};

/** Raised at every few wrong codes after a right password: whoever typed them knows the password. */
export const wrongTwoFactorCodesNotice = (wrongCodes: number): Notice => ({
  category: 'warning',
  type: 'security',
  title: 'Wrong two-factor codes',
  message: `${wrongCodes} wrong two-factor codes were entered after your correct password. If this was not you, someone knows your password: change it now.`,
  actionUrl: '/profile',
  actionText: 'Change password',
});
