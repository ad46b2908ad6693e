import pino, { type DestinationStream, type Logger } from 'pino';
import { redactUrlCredentials } from './url-credentials';

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

/**
 * Addresses that carry a secret: a pay link's token is the only key to an invoice and its payment (the API's
 * `/api/public/invoices/{token}[/pay]` and the web page `/pay/{token}`), emailed links carry `?token=`, and a
 * script may paste its API key into the address (`?api_key=mer_live_…`, refused, but logged as it arrives).
 * Access logs keep the route and drop the secret, as they drop the session cookie.
 */
// Any case and doubled slashes too: a mistyped address still carries the real token.
const secretInPath = /^(\/+api\/+public\/+invoices\/+|\/+pay\/+)[^/?#]+/i;

export const redactUrl = (url: string) => redactUrlCredentials(url.replace(secretInPath, '$1[redacted]'));

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer, with the secret taken out of the address. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** `destination`: where lines go (stdout by default; tests pass a buffer to read what was logged). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: { req: serializeRequest },
  };
  return destination ? pino(options, destination) : pino(options);
}
