import { z } from 'zod';
import { isoDateSchema } from './dates';
import { stepUpPasswordSchema } from './security';
import { singleLineText } from './text';

/**
 * Personal API keys: a script or a tool calls the API as its owner with `Authorization: Bearer mer_live_…`
 * (`mer_demo_…` for a demo account, which only reaches the demo book). A key is made and revoked in the
 * profile with a session and the password, never with a key (POST, GET, DELETE /api/api-keys); the owner is
 * mailed and notified of each new one; its secret is shown once, at creation, and stored only as a hash. A
 * password reset revokes every key. Each key has one scope:
 * - `read`: every read of the owner's books (wallets, history, invoices, statements, exports…);
 * - `invoices`: read, and writing invoices, clients, invoice schedules, receipts, categories and notes;
 * - `payments`: read, and sending money (with an Idempotency-Key, as ever), quotes, conversions, recipients
 *   and scheduled payments.
 * No key can manage keys, passkeys, two-factor, the password, the email, sessions, the profile or
 * accountant access (403). An expired key answers 401 API_KEY_EXPIRED, a revoked one 401 API_KEY_REVOKED.
 */

export const apiKeyScopes = ['read', 'invoices', 'payments'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const apiKeyScopeNames: Record<ApiKeyScope, string> = {
  read: 'Read only',
  invoices: 'Read + invoices',
  payments: 'Read + payments',
};

/** Live keys one user may hold at once (revoked and expired ones do not count). */
export const MAX_API_KEYS = 20;
/** How far ahead an expiry may be set. */
export const MAX_API_KEY_DAYS = 730;

export const createApiKeyBodySchema = z.object({
  name: singleLineText(60, {
    required: 'Give the key a name, such as the script that will use it',
    tooLong: 'The name can be at most 60 characters',
  }),
  scope: z.enum(apiKeyScopes, { error: `scope must be one of ${apiKeyScopes.join(', ')}` }),
  /** The last day the key works (UTC); absent or null: until revoked. */
  expiresOn: isoDateSchema('The expiry date').nullish(),
  /** The owner's password again (a demo's is empty): a key outlives the session that makes it. */
  password: stepUpPasswordSchema,
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

/** One key as lists show it: never its secret, only the first characters that tell keys apart. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (`mer_live_AbC1…`), to recognise it where it is used. */
  prefix: z.string(),
  scope: z.enum(apiKeyScopes),
  createdAt: z.string(),
  /** Updated at most once a minute while the key is used. */
  lastUsedAt: z.string().nullable(),
  /** The moment the key stops working (the end of its last day, UTC); null: until revoked. */
  expiresAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST /api/api-keys → 201: the key and, this once, its secret. */
export const createdApiKeySchema = apiKeySchema.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** GET /api/api-keys: the keys not revoked, newest first (an expired one stays, marked by its date, until revoked). */
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
