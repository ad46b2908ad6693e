import { apiKeyScopeNames, type ApiKeyScope } from '@contract/api-keys';
import type { NewCredentialNews } from '../auth/credential-guard';
import { quotedBlock } from '../mail/mail-text';

const powers: Record<ApiKeyScope, string> = {
  read: 'It reads your wallets, history, invoices and statements, and changes nothing.',
  invoices:
    'It reads your books and writes invoices, clients, receipts, categories and notes. It never moves money.',
  payments: 'It reads your books and sends money from your wallets, converts it and schedules payments.',
};

/** The owner's mail and notification about a new key: what it can do without anyone signing in. */
export function apiKeyCreatedNews(key: {
  name: string;
  scope: ApiKeyScope;
  expires_at: string | null;
}): NewCredentialNews {
  const scope = apiKeyScopeNames[key.scope];
  // `expires_at` is the moment after the key's last day.
  // A key's last day is a UTC day, as it was chosen (api-keys.service.ts: expiryOf).
  const lastDay = key.expires_at ? new Date(Date.parse(key.expires_at) - 1).toISOString().slice(0, 10) : null;
  return {
    kind: 'api-key-created',
    title: 'New API key created',
    summary: `A personal API key (${scope}) was created on your account.`,
    details: [
      'A personal API key was just created on your Meridian account. Whoever holds it can call the API as',
      `you without signing in. ${powers[key.scope]}`,
      `Scope: ${scope}. ${lastDay ? `It works through ${lastDay} (UTC) unless revoked.` : 'It works until revoked.'}`,
      '',
      ...quotedBlock('Its name, as typed when it was made:', [['Name', key.name]]),
    ],
  };
}
