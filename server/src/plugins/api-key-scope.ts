import type { ApiKeyScope } from '@contract/api-keys';

/**
 * What an API key may call. A route's need is its `apiKey` config if it has one, else the table below, else
 * `read` for a GET and `never` for anything that writes: deny by default, so a new write is out of a key's
 * reach until someone decides it belongs to a scope. The places below are never for a key whatever a route
 * says, GETs included: a stolen key must not read the sessions or the 2FA setup, nor manage keys, passkeys,
 * the password, the email, the profile or accountant access.
 */
export type ApiKeyNeed = ApiKeyScope | 'never';

const neverForKeys = [
  '/api/api-keys',
  '/api/auth',
  '/api/user',
  '/api/passkeys',
  '/api/webhooks',
  '/api/accountants',
  '/api/accountant-access',
  '/api/kyc',
  '/api/stripe',
  // A live stream follows a signed-in browser's session; a script polls GET /api/notifications instead.
  '/api/notifications/stream',
];

/** Bookkeeping: invoices, clients, their schedules, receipts, categories and notes. */
const invoiceWrites = [
  'POST /api/invoices',
  'PATCH /api/invoices/:id',
  'DELETE /api/invoices/:id',
  'PUT /api/invoices/:id/status',
  'POST /api/invoices/:id/resend',
  // A payment received some other way: money comes in, nothing leaves.
  'POST /api/invoices/:id/payments',
  'POST /api/clients',
  'PATCH /api/clients/:id',
  'DELETE /api/clients/:id',
  'POST /api/invoice-schedules',
  'PATCH /api/invoice-schedules/:id',
  'POST /api/invoice-schedules/:id/pause',
  'POST /api/invoice-schedules/:id/resume',
  'POST /api/invoice-schedules/:id/stop',
  'POST /api/transactions/:id/receipt',
  'DELETE /api/transactions/:id/receipt',
  'PUT /api/transactions/:id/category',
  'PUT /api/transactions/:id/note',
  'POST /api/categories',
  'PATCH /api/categories/:id',
  'DELETE /api/categories/:id',
  'POST /api/categories/rules',
  'PATCH /api/categories/rules/:id',
  'DELETE /api/categories/rules/:id',
];

/** Money leaving: sending, converting, their quotes, saved payees and scheduled payments. */
const paymentWrites = [
  'POST /api/transactions',
  'POST /api/transactions/quote',
  'POST /api/convert',
  'POST /api/convert/quote',
  'POST /api/recipients',
  'DELETE /api/recipients/:id',
  'POST /api/payment-schedules',
  'PATCH /api/payment-schedules/:id',
  'DELETE /api/payment-schedules/:id',
  'POST /api/payment-schedules/:id/pause',
  'POST /api/payment-schedules/:id/resume',
];

/** The writes a scope covers, by `METHOD /url` (tests check each names a registered route). */
export const scopedWrites = new Map<string, ApiKeyScope>([
  ...invoiceWrites.map((route) => [route, 'invoices'] as const),
  ...paymentWrites.map((route) => [route, 'payments'] as const),
]);

const isUnder = (url: string, place: string) => url === place || url.startsWith(`${place}/`);

/** What a key needs to call this route (method and registered url, such as `/api/invoices/:id`). */
export function apiKeyNeedOf(method: string, url: string, configured?: ApiKeyNeed): ApiKeyNeed {
  if (neverForKeys.some((place) => isUnder(url, place))) return 'never';
  if (configured) return configured;
  return scopedWrites.get(`${method} ${url}`) ?? (method === 'GET' || method === 'HEAD' ? 'read' : 'never');
}

/** Whether a key of this scope covers the need: every scope reads; each writes only its own. */
export function scopeCovers(scope: ApiKeyScope, need: ApiKeyNeed): boolean {
  return need !== 'never' && (need === 'read' || need === scope);
}
