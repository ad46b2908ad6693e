import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { Config } from '../../config/env';
import { loadSecretKey } from '../../lib/secret-box';

/** What a seal vouches for: a stored statement row, and the opening time of its wallet. */
export interface SealedFields {
  userId: string;
  walletId: string;
  currency: string;
  month: string;
  /** The wallet's `created_at`: months before it (a seeded history) may be sealed when it opens. */
  openedAt: string;
  /** The month's SHA-256 digest (statement-digest.ts), which names the month before's. */
  digest: string;
  previousDigest: string;
  /** When the server sealed the month (`closed_at`): a month sealed again later shows (statement-verify.ts). */
  sealedAt: string;
}

/**
 * A statement's seal: HMAC-SHA256 under a key the database does not hold, over the stored row (its digest
 * covers the month's entries and the previous digest) and the time it was sealed. Whoever can write the
 * database can recompute a digest, but not a seal; and a month whose seal is deleted and made again carries the
 * time it was made again. Stored as `v1.<hex>`; a new layout would be a new version, never a silent change.
 */
export interface StatementSealer {
  seal(fields: SealedFields): string;
  holds(fields: SealedFields, seal: string | null): boolean;
}

const VERSION = 'v1';

const sealedText = (fields: SealedFields) =>
  [
    'meridian-statement-seal-v1',
    `user:${fields.userId}`,
    `wallet:${fields.walletId}`,
    `currency:${fields.currency}`,
    `month:${fields.month}`,
    `opened:${fields.openedAt}`,
    `digest:${fields.digest}`,
    `previous:${fields.previousDigest}`,
    `sealed:${fields.sealedAt}`,
    '',
  ].join('\n');

/**
 * The sealer under `masterKey`. The HMAC key is derived from it (HKDF-SHA256, its own label), so the same
 * 32 bytes that seal two-factor and webhook secrets with AES-GCM are never used as an HMAC key as they are.
 */
export function createStatementSealer(masterKey: Buffer): StatementSealer {
  const key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'meridian statement seal v1', 32));
  const mac = (fields: SealedFields) => createHmac('sha256', key).update(sealedText(fields), 'utf8').digest();
  return {
    seal: (fields) => `${VERSION}.${mac(fields).toString('hex')}`,
    holds(fields, seal) {
      const [version, hex] = seal?.split('.') ?? [];
      if (version !== VERSION || !hex || !/^[0-9a-f]{64}$/.test(hex)) return false;
      return timingSafeEqual(Buffer.from(hex, 'hex'), mac(fields));
    },
  };
}

/**
 * The server's sealer: its key is the one that seals two-factor and webhook secrets (TWO_FACTOR_ENCRYPTION_KEY,
 * else the key file beside the SQLite file), so there is one key to keep apart from the database and back up,
 * not two. Loaded on first use.
 */
export function statementSealer(config: Config): StatementSealer {
  let sealer: StatementSealer | undefined;
  const get = () =>
    (sealer ??= createStatementSealer(
      loadSecretKey({
        hexKey: config.TWO_FACTOR_ENCRYPTION_KEY,
        keyFile: join(dirname(config.SQLITE_PATH), 'two-factor.key'),
      }),
    ));
  return { seal: (fields) => get().seal(fields), holds: (fields, seal) => get().holds(fields, seal) };
}
