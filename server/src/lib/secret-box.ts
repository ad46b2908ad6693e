import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Seals small secrets (a two-factor seed today, card data later) for storage with AES-256-GCM: a fresh 96-bit
 * IV per seal, and the 128-bit tag makes any change to the stored text fail to open rather than yield garbage.
 * `context` (e.g. the owner's user id) is bound in as additional data, so a sealed value copied onto another
 * row does not open there. Stored form: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
}

const VERSION = 'v1';

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('A secret box needs a 32-byte key');
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
        throw new Error('Not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/**
 * The key: from configuration (64 hex characters) when given, else a key file, created on first use with
 * owner-only permissions. Creation uses the exclusive flag, so two processes starting together end up reading
 * the one file that won. Several machines need the configured key (a file is per machine), and losing the key
 * loses what it sealed: back it up with the database.
 */
export function loadSecretKey(options: { hexKey?: string | undefined; keyFile: string }): Buffer {
  if (options.hexKey) return Buffer.from(options.hexKey, 'hex');
  mkdirSync(dirname(options.keyFile), { recursive: true });
  try {
    writeFileSync(options.keyFile, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const hex = readFileSync(options.keyFile, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(hex))
    throw new Error(`${options.keyFile} does not hold a 64-hex-character key`);
  return Buffer.from(hex, 'hex');
}

/** A box whose key is loaded on first use (a server that never seals anything never creates a key file). */
export function lazySecretBox(load: () => Buffer): SecretBox {
  let box: SecretBox | undefined;
  const get = () => (box ??= createSecretBox(load()));
  return {
    seal: (plaintext, context) => get().seal(plaintext, context),
    open: (sealed, context) => get().open(sealed, context),
  };
}
