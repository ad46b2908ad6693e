import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Paths never written to a log. Request bodies are not logged at all; these cover headers and any object a
 * module might log by mistake (a user row, a card).
 */
const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.cardNumber',
  '*.card_number',
  '*.cvv',
  '*.cvc',
  '*.number_encrypted',
  '*.numberEncrypted',
  '*.totpSecret',
  '*.totp_secret',
  // Two-factor: the seed (in clear, sealed, or inside its otpauth URI and QR code), recovery codes, the
  // sign-in challenge token, and the key that seals seeds.
  '*.secret',
  '*.otpauthUri',
  '*.qrCode',
  '*.recoveryCodes',
  '*.challengeId',
  '*.TWO_FACTOR_ENCRYPTION_KEY',
];

/** `destination`: where lines go (stdout by default; tests pass a buffer to read what was logged). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: redactedPaths, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
