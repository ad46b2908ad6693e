import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_MARK } from '../../plugins/session';
/** The characters of the random part lists show, after `mer_live_` or `mer_demo_`. */
const SHOWN = 6;

/** A new key's secret: `mer_live_` (or `mer_demo_` for a demo account) and 32 random bytes, base64url. */
export function newApiKeySecret(demo: boolean): { secret: string; prefix: string; hash: string } {
  const secret = `${API_KEY_MARK}${demo ? 'demo' : 'live'}_${randomBytes(32).toString('base64url')}`;
  const head = secret.indexOf('_', API_KEY_MARK.length) + 1;
  return { secret, prefix: secret.slice(0, head + SHOWN), hash: hashApiKeySecret(secret) };
}

/**
 * What the database keeps of a secret. A plain SHA-256 is enough: the secret carries 256 random bits, so there is
 * nothing to guess backwards that a slow hash would protect, and each request pays one fast hash.
 */
export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
