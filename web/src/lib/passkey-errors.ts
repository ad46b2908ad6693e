import { friendlyErrorMessage } from '@web/lib/api-client';

/**
 * What went wrong with a passkey, in a sentence: the browser's WebAuthn errors (a person cancelling the
 * prompt is the common one) and the server's own messages.
 */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message === passkeysUnsupported) return passkeysUnsupported;
  if (error instanceof Error && 'code' in error) {
    const { name, code } = error as Error & { code: string };
    if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError') {
      return 'The passkey request was cancelled or timed out. Try again when you are ready.';
    }
    if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
      return 'This device already holds a passkey for your account.';
    }
    if (name === 'NotSupportedError') return 'This device cannot make a passkey that Meridian accepts.';
    if (name === 'SecurityError') return 'Passkeys cannot be used at this address.';
  }
  return friendlyErrorMessage(error, fallback);
}

export const passkeysUnsupported =
  'This browser does not support passkeys. Use your password, or a browser that supports passkeys.';
