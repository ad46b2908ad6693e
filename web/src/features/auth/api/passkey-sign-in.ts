import type { UserResponse } from '@contract/auth';
import type { WebAuthnOptions } from '@contract/passkeys';
import { api } from '@web/lib/api-client';
import { passkeysUnsupported } from '@web/lib/passkey-errors';

/**
 * A passkey sign-in: options from the server (no account named), the browser's passkey prompt, and the
 * answer checked by the server, which sets the session cookie. The WebAuthn helper is loaded on the click,
 * so the landing page does not carry it.
 */
export async function signInWithPasskey(): Promise<UserResponse> {
  const { browserSupportsWebAuthn, startAuthentication } = await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn()) throw new Error(passkeysUnsupported);
  const options = await api.post<WebAuthnOptions>('/api/auth/passkeys/sign-in/options');
  const response = await startAuthentication({ optionsJSON: options as never });
  return api.post<UserResponse>('/api/auth/passkeys/sign-in', { response });
}
