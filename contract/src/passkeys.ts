import { z } from 'zod';
import { confirmPasswordSchema } from './security';
import { singleLineText } from './text';

/**
 * Passkeys (WebAuthn) under /api/auth/passkeys: several per account, named, each signs in with no password and
 * counts as both factors. The options and responses are WebAuthn's own JSON shapes (as @simplewebauthn/browser
 * hands them over); they are checked by the server's WebAuthn library, so here they are only objects whose
 * other members travel as they are.
 */

export const MAX_PASSKEYS = 20;

export const passkeyNameSchema = singleLineText(60, {
  required: 'Give the passkey a name',
  tooLong: 'A passkey name can be at most 60 characters',
});

/** PublicKeyCredentialCreationOptionsJSON / PublicKeyCredentialRequestOptionsJSON, as the browser takes them. */
export const webAuthnOptionsSchema = z.looseObject({ challenge: z.string() });
export type WebAuthnOptions = z.infer<typeof webAuthnOptionsSchema>;

/** RegistrationResponseJSON / AuthenticationResponseJSON, as the browser returns them. */
export const webAuthnResponseSchema = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().min(1).max(4096) }),
});

/**
 * POST /api/auth/passkeys/registration/options → 200 options for navigator.credentials.create. The password is
 * asked again: a stolen session must not add a way in of its own.
 */
export const passkeyRegistrationOptionsBodySchema = z.object({ password: confirmPasswordSchema });
export type PasskeyRegistrationOptionsBody = z.infer<typeof passkeyRegistrationOptionsBodySchema>;

/** POST /api/auth/passkeys/registration → 201 Passkey: the authenticator's answer to those options. */
export const passkeyRegistrationBodySchema = z.object({
  name: passkeyNameSchema,
  response: webAuthnResponseSchema,
});
export type PasskeyRegistrationBody = z.input<typeof passkeyRegistrationBodySchema>;

/** POST /api/auth/passkeys/sign-in/options → 200 options for navigator.credentials.get (no user named). */
/** POST /api/auth/passkeys/sign-in → 200 `{user}` and the session cookie, as a password + code sign-in. */
export const passkeySignInBodySchema = z.object({ response: webAuthnResponseSchema });
export type PasskeySignInBody = z.input<typeof passkeySignInBodySchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced between the person's devices (a password manager, iCloud Keychain) rather than one device's. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /api/auth/passkeys → the signed-in user's passkeys, newest first. */
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** PATCH /api/auth/passkeys/{id} → 200 Passkey; DELETE /api/auth/passkeys/{id} → 204. */
export const renamePasskeyBodySchema = z.object({ name: passkeyNameSchema });
export type RenamePasskeyBody = z.input<typeof renamePasskeyBodySchema>;
