import pino, { type Logger } from 'pino';

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
  '*.totpSecret',
  '*.totp_secret',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: redactedPaths, censor: '[redacted]' } });
}
