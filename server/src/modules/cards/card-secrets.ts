import { createHmac } from 'node:crypto';
import { createSecretBox, loadSecretKey } from '../../lib/secret-box';

/**
 * The card secrets: full numbers are stored only under AES-256-GCM, and CVVs are never stored, only derived
 * (HMAC of the card id) when a card is revealed. Both keys come from one 32-byte master key: the
 * CARD_ENCRYPTION_KEY variable, else a key file made on first start beside the database. Several app servers
 * on one PostgreSQL must share CARD_ENCRYPTION_KEY (a key file is one machine's).
 */
export interface CardSecrets {
  /** Where the master key came from, for System Status (never the key). */
  readonly keySource: 'environment' | 'key file';
  encryptNumber(cardId: string, cardNumber: string): string;
  decryptNumber(cardId: string, stored: string): string;
  cvvOf(cardId: string): string;
}

function subkey(master: Buffer, purpose: string): Buffer {
  return createHmac('sha256', master).update(`meridian card ${purpose}`).digest();
}

/** The master key: from the environment (64 hex digits), else read or created (0600) at `keyFile`. */
export function loadMasterKey(
  fromEnv: string | undefined,
  keyFile: string,
): { key: Buffer; source: CardSecrets['keySource'] } {
  return { key: loadSecretKey({ hexKey: fromEnv, keyFile }), source: fromEnv ? 'environment' : 'key file' };
}

export function createCardSecrets(master: Buffer, keySource: CardSecrets['keySource']): CardSecrets {
  if (master.length !== 32) throw new Error('The card encryption key must be 32 bytes (64 hex digits)');
  // The card id is bound in as additional data: a ciphertext copied onto another card does not decrypt.
  const numbers = createSecretBox(subkey(master, 'number v1'));
  const cvvKey = subkey(master, 'cvv v1');
  return {
    keySource,
    encryptNumber: (cardId, cardNumber) => numbers.seal(cardNumber, cardId),
    decryptNumber: (cardId, stored) => numbers.open(stored, cardId),
    cvvOf(cardId) {
      const digest = createHmac('sha256', cvvKey).update(cardId).digest();
      return String(digest.readUInt32BE(0) % 1000).padStart(3, '0');
    },
  };
}
