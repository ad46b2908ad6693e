import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'meridian_session';

/** 32 random bytes for the cookie; only the SHA-256 is stored, so a database leak yields no live sessions. */
export function newSessionToken(): { token: string; id: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, id: sessionIdFromToken(token) };
}

export function sessionIdFromToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const DEVICE_COOKIE = 'meridian_device';

/** A browser's lasting mark for sign-in throttling; only its SHA-256 (same hash as sessions) is stored. */
export const newDeviceToken = newSessionToken;
